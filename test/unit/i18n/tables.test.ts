import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EN } from '../../support/english';
import { addTable, directionOf, ENGLISH, fill, LANGUAGES, plural, stringsNow, tableOf } from '../../../src/i18n';
import { loadTables, TABLE_FILES } from '../../../src/i18n/load';
import type { Messages } from '../../../src/i18n';

const localesDir = join(import.meta.dirname, '../../../src/i18n/locales');
const files = readdirSync(localesDir).map((name) => name.replace(/\.ts$/, '')).sort();
const load = async (code: string) => (await import(join(localesDir, `${code}.ts`))).tables as Record<string, Messages>;
const keys = Object.keys(EN).sort();
/** The `{0}`-style slots of a message, in any order (a language may put the name first). */
const slots = (text: string) => [...new Set(text.match(/\{\d\}/g))].sort();
/** The messages that count, in plural forms (`one:…|other:…`). */
const counting = (Object.keys(EN) as (keyof Messages)[]).filter((key) => /^other:/m.test(EN[key].split('|').at(-1)!));
/** A counting message's forms by category. */
const forms = (text: string) => new Map(text.split('|').map((f) => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)]));

test('every language the player asks for has its file, and no file is left out of the list', () => {
  assert.equal(files, [...LANGUAGES].sort());
});

test('every table holds exactly the English keys, each a non-empty text with the same slots', async () => {
  for (const code of files) {
    const tables = await load(code);
    assert.equal(Object.keys(tables).sort(), code === 'zh' ? ['zh', 'zh-Hant'] : [code], code);
    for (const [name, table] of Object.entries(tables)) {
      assert.equal(Object.keys(table).sort(), keys, `${name}: keys`);
      for (const key of keys) {
        const text = table[key as keyof Messages];
        // A separator is punctuation with its spaces (", ", "、", " : "); every other text is trimmed.
        assert.ok(typeof text === 'string' && text.trim().length > 0 && (key.endsWith('Separator') || text.trim() === text), `${name}.${key}`);
        if (counting.includes(key as keyof Messages)) continue;
        assert.equal(slots(text), slots(EN[key as keyof Messages]), `${name}.${key}: slots`);
      }
    }
  }
});

test('a counting message has a form for each plural category of its language (Intl.PluralRules), each naming what was searched for', async () => {
  assert.equal(counting.sort(), ['gifsFor', 'stickersFor']);
  const tables: Record<string, Messages> = { en: EN };
  for (const code of files) Object.assign(tables, await load(code));
  for (const [name, table] of Object.entries(tables)) {
    const categories = new Intl.PluralRules(name).resolvedOptions().pluralCategories;
    for (const key of counting) {
      const byCategory = forms(table[key]);
      assert.equal([...byCategory.keys()].sort(), [...categories].sort(), `${name}.${key}: forms`);
      for (const [category, form] of byCategory) {
        // The count may be left out where the language says it in words (Arabic's one and two).
        assert.ok(form.includes('{1}') && form.trim() === form && form.length > 3, `${name}.${key}.${category}: ${form}`);
        assert.ok(slots(form).every((slot) => slot === '{0}' || slot === '{1}'), `${name}.${key}.${category}: slots`);
      }
      assert.ok(byCategory.get('other')!.includes('{0}'), `${name}.${key}: other names the count`);
    }
  }
});

test('a table is a translation: most of its words differ from the English', async () => {
  for (const code of files) {
    for (const [name, table] of Object.entries(await load(code))) {
      // (A separator is punctuation, shared by many languages.)
      const same = keys.filter((key) => !key.endsWith('Separator') && table[key as keyof Messages] === EN[key as keyof Messages]);
      // Words some languages share with English: Link, Iframe, Script, Pause, Stickers, Suggestions...
      assert.ok(same.length <= 5, `${name} repeats the English of ${same.join(', ')}`);
    }
  }
});

test('the service name is never translated: it is always a slot', () => {
  assert.equal(slots(EN.continueOn), ['{0}']);
  assert.equal(slots(EN.viewOn), ['{0}']);
});

test('BCP 47 tags find their table: region and script subtags, case, legacy codes, Chinese by script', () => {
  const cases: [string, string | undefined][] = [
    ['de', 'de'], ['de-CH', 'de'], ['DE-de', 'de'], ['de_AT', 'de'], ['de-CH-1996', 'de'], ['pt-BR', 'pt'], ['pt-PT', 'pt'],
    ['en', 'en'], ['en-GB', 'en'], ['ar-EG', 'ar'], ['he', 'he'], ['iw', 'he'], ['iw-IL', 'he'], ['in', 'id'], ['fa-IR', 'fa'],
    ['zh', 'zh'], ['zh-CN', 'zh'], ['zh-SG', 'zh'], ['zh-Hans', 'zh'], ['zh-Hans-HK', 'zh'], ['zh-TW', 'zh-Hant'], ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'], ['zh-Hant', 'zh-Hant'], ['zh-hant-tw', 'zh-Hant'], ['ja-JP', 'ja'], ['ko-KR', 'ko'], ['uk-UA', 'uk'],
    ['sv', undefined], ['sv-SE', undefined], ['yue', undefined], ['', undefined], ['x-klingon', undefined], ['english', undefined],
  ];
  for (const [tag, name] of cases) assert.is(tableOf(tag), name, tag);
});

test('a hostile tag from a page (a megabyte of subtags, separators, markup) is read in one pass and finds no table, or its language', () => {
  assert.is(tableOf('-'.repeat(1_000_000)), undefined);
  assert.is(tableOf(`<script>${'a-'.repeat(500_000)}`), undefined);
  assert.is(tableOf(`zh${'-hant'.repeat(200_000)}`), 'zh-Hant');
  assert.is(tableOf(`de${'_x'.repeat(500_000)}`), 'de');
});

test('Arabic, Hebrew and Persian are right to left; every other table left to right', () => {
  for (const name of ['en', ...files, 'zh-Hant']) assert.is(directionOf(name), ['ar', 'he', 'fa'].includes(name) ? 'rtl' : 'ltr', name);
});

test('fill puts each part in its slot, and a slot twice', () => {
  assert.is(fill('Share on {0}', 'Facebook'), 'Share on Facebook');
  assert.is(fill('{0}で共有', 'Pinterest'), 'Pinterestで共有');
  assert.is(fill('{1} {0} {1}', 'a', 'b'), 'b a b');
});

test('a count is said in the form its language uses, with its digits', async () => {
  Object.assign(ENGLISH.m, EN);
  assert.is(plural(ENGLISH, EN.gifsFor, 1, 'cats'), '1 GIF for cats');
  assert.is(plural(ENGLISH, EN.gifsFor, 1200, 'cats'), '1,200 GIFs for cats');
  assert.is(plural(ENGLISH, EN.stickersFor, 2, fill(EN.fromChannel, 'dots', 'pixelsmith')), '2 stickers for dots from @pixelsmith');
  for (const [name, table] of Object.entries({ ...(await load('ru')), ...(await load('pl')), ...(await load('ar')) })) addTable(name, table);
  const ru = stringsNow('ru')!;
  assert.equal([1, 3, 5, 21].map((n) => plural(ru, ru.m.stickersFor, n, 'коты')), [
    '1 стикер по запросу коты', '3 стикера по запросу коты', '5 стикеров по запросу коты', '21 стикер по запросу коты',
  ]);
  const pl = stringsNow('pl')!;
  assert.equal([1, 22, 25].map((n) => plural(pl, pl.m.stickersFor, n, 'koty')), ['1 naklejka dla zapytania „koty”', '22 naklejki dla zapytania „koty”', '25 naklejek dla zapytania „koty”']);
  const ar = stringsNow('ar')!;
  assert.is(plural(ar, ar.m.gifsFor, 2, 'قطط'), 'صورتا GIF عن قطط');
  assert.is(plural(ar, ar.m.gifsFor, 5, 'قطط'), `${(5).toLocaleString('ar')} صور GIF عن قطط`);
});

test('what a reader typed goes in as it is: slots, replacement patterns and a long term are not read again', () => {
  const term = '{1}{0} $& $1 $$ ' + 'x'.repeat(100_000);
  assert.is(fill(EN.noGifsFor, term), `No GIFs found for “${term}”.`);
  const what = fill(EN.fromChannel, '{0}$&', '{1}');
  assert.is(what, '{0}$& from @{1}');
  assert.is(plural(ENGLISH, EN.gifsFor, 2, what), '2 GIFs for {0}$& from @{1}');
});

test('a form a table lacks is its other', () => {
  assert.is(plural(ENGLISH, 'other:{0} items in {1}', 1, 'x'), '1 items in x');
});

test('the package loads each language file by its name, and only those', async () => {
  assert.equal(Object.keys(TABLE_FILES).sort(), [...LANGUAGES].sort());
  await loadTables('zh');
  assert.is(stringsNow('zh-Hant')!.m.related, (await load('zh'))['zh-Hant'].related);
  assert.is(stringsNow('zh')!.lang, 'zh-Hans');
  await loadTables('sv');
  await loadTables('__proto__');
  assert.is(stringsNow('sv'), undefined);
});

test.run();

test('the words its readers expect: Favorite is the action (add to favorites); the corrected words; each language\'s own list and label separators', async () => {
  const all: Record<string, Messages> = {};
  for (const code of files) Object.assign(all, await load(code));
  // The share menu's button adds the GIF to the reader's favourites: a verb, as the platforms say it.
  assert.equal(
    Object.fromEntries(['de', 'fr', 'es', 'ar', 'he', 'it', 'nl', 'pl', 'tr', 'ja', 'ko'].map((name) => [name, all[name].favorite])),
    {
      de: 'Zu Favoriten hinzufügen', fr: 'Ajouter aux favoris', es: 'Añadir a favoritos', ar: 'إضافة إلى المفضلة', he: 'הוספה למועדפים',
      it: 'Aggiungi ai preferiti', nl: 'Toevoegen aan favorieten', pl: 'Dodaj do ulubionych', tr: 'Favorilere ekle', ja: 'お気に入りに追加', ko: '즐겨찾기에 추가',
    },
  );
  assert.equal([all.ar.watchOn, all.ar.shareOn], ['مشاهدة على {0}', 'مشاركة على {0}']);
  assert.is(all.ru.verified, 'Подтверждённый аккаунт');
  assert.is(all.pl.verified, 'Zweryfikowany');
  assert.is(plural({ lang: 'pl', dir: 'ltr', m: all.pl }, all.pl.gifsFor, 5, 'koty'), '5 GIF-ów dla zapytania „koty”');
  assert.equal([all.zh.tryAgain, all['zh-Hant'].tryAgain], ['重试', '重試']);
  assert.is(all.he.loading, 'בטעינה…');
  assert.equal(
    Object.fromEntries(['ar', 'fa', 'ja', 'zh', 'zh-Hant', 'de'].map((name) => [name, [all[name].listSeparator, all[name].labelSeparator]])),
    { ar: ['، ', ': '], fa: ['، ', ': '], ja: ['、', '：'], zh: ['、', '：'], 'zh-Hant': ['、', '：'], de: [', ', ': '] },
  );
  assert.is(all.fr.labelSeparator, '\u202F: ', 'French sets a colon apart with a narrow space');
});
