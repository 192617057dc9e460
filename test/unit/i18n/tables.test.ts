import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EN } from '../../support/english';
import { directionOf, fill, LANGUAGES, tableOf } from '../../../src/i18n';
import type { Messages } from '../../../src/i18n';

const localesDir = join(import.meta.dirname, '../../../src/i18n/locales');
const files = readdirSync(localesDir).map((name) => name.replace(/\.ts$/, '')).sort();
const load = async (code: string) => (await import(join(localesDir, `${code}.ts`))).default as Record<string, Messages>;
const keys = Object.keys(EN).sort();
/** The `{0}`-style slots of a message, in order. */
const slots = (text: string) => text.match(/\{\d\}/g) ?? [];

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
        assert.ok(typeof text === 'string' && text.trim() === text && text.length > 0, `${name}.${key}`);
        assert.equal(slots(text), slots(EN[key as keyof Messages]), `${name}.${key}: slots`);
      }
    }
  }
});

test('a table is a translation: most of its words differ from the English', async () => {
  for (const code of files) {
    for (const [name, table] of Object.entries(await load(code))) {
      const same = keys.filter((key) => table[key as keyof Messages] === EN[key as keyof Messages]);
      // Words some languages share with English: Link, Iframe, Script, Pause, Favorite...
      assert.ok(same.length <= 4, `${name} repeats the English of ${same.join(', ')}`);
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

test.run();
