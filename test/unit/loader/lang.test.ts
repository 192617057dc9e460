import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configure } from '../../../src/config';
import { languageOf } from '../../../src/embed/lang';
import { readScript } from '../../../src/embed/script';
import { addTable, ENGLISH, stringsNow } from '../../../src/i18n';
import { PLAYER_EN } from '../../../src/i18n/en';
import { tables as de } from '../../../src/i18n/locales/de';

/** `html` in the body; its `[data-gif-id]` or `<gif-embed>` element. */
function page(html: string): Element {
  document.body.innerHTML = html;
  return document.querySelector('[data-gif-id],gif-embed')!;
}
/** Sets what the browser says its reader reads. */
function browserLanguages(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
}

test.before.each(() => {
  configure({ locale: '' });
  document.documentElement.removeAttribute('lang');
  browserLanguages(['en-US']);
});

test('the placeholder\'s data-lang comes first, then the embed.js tag\'s, then the nearest lang, then <html lang>', () => {
  document.documentElement.setAttribute('lang', 'fr');
  assert.is(languageOf(page('<section lang="ar"><div data-gif-id="a" data-lang="ja"></div></section>')), 'ja');
  configure({ locale: 'ko' });
  assert.is(languageOf(page('<section lang="ar"><div data-gif-id="a" data-lang="pt-BR"></div></section>')), 'pt');
  assert.is(languageOf(page('<section lang="ar"><div data-gif-id="a"></div></section>')), 'ko');
  configure({ locale: '' });
  assert.is(languageOf(page('<section lang="he-IL"><p><div data-gif-id="a"></div></p></section>')), 'he');
  assert.is(languageOf(page('<div data-gif-id="a"></div>')), 'fr');
});

test('<gif-embed lang> and <gif-embed data-lang> both name its language', () => {
  assert.is(languageOf(page('<gif-embed gif-id="a" lang="zh-TW"></gif-embed>')), 'zh-Hant');
  assert.is(languageOf(page('<gif-embed gif-id="a" data-lang="de-AT"></gif-embed>')), 'de');
});

test('a page in a language without a table reads English, not the browser\'s language', () => {
  browserLanguages(['de-DE', 'en']);
  document.documentElement.setAttribute('lang', 'sv');
  assert.is(languageOf(page('<div data-gif-id="a"></div>')), 'en');
});

test('with no lang anywhere (or an empty one), the first of the browser\'s languages with a table', () => {
  browserLanguages(['sv-SE', 'pt-BR', 'de']);
  assert.is(languageOf(page('<div data-gif-id="a"></div>')), 'pt');
  assert.is(languageOf(page('<div lang=""><div data-gif-id="a"></div></div>')), 'pt');
  browserLanguages(['sv-SE', 'nb']);
  assert.is(languageOf(page('<div data-gif-id="a"></div>')), 'en');
  browserLanguages([]);
  assert.is(languageOf(page('<div data-gif-id="a"></div>')), 'en');
});

test('the embed.js tag\'s data-lang is its setting', () => {
  const tag = document.createElement('script');
  tag.src = 'https://cdn.example/embed.js';
  tag.setAttribute('data-lang', 'uk');
  assert.is(readScript(tag).locale, 'uk');
  assert.is(readScript(document.createElement('script')).locale, '');
});

test('a message of the player says itself in the reader\'s table; any other text stays as it is', () => {
  assert.is(stringsNow('de'), undefined);
  addTable('de', de.de);
  const german = stringsNow('de')!;
  assert.equal([german.lang, german.dir], ['de', 'ltr']);
  // An error's key names its message in every table.
  assert.is(german.m.notFound, 'Dieses GIF wurde nicht gefunden.');
  assert.is(ENGLISH.m.notFound, PLAYER_EN.notFound);
});

test.run();
