/**
 * The reader's language of each placeholder, as a page would expect it: its `data-lang` (a
 * `<gif-embed lang>`), else the embed.js tag's `data-lang`, else the nearest `lang` around it
 * (the page's `<html lang>` at the last), else the first of the browser's languages we have a
 * table for. A language with no table reads English. Tables other than English come as files of
 * their own (`plugins/lang-de.<hash>.js`), fetched once per page, when a placeholder starts:
 * the player renders at once in what is here and again, in place, when its table comes.
 */
import { getConfig } from '../config';
import { ENGLISH, readerTable, stringsNow, type Strings } from '../i18n';
import { attribute } from './placeholder';

export { whenTable } from '../i18n/tables';

/** The language placeholder `el` is in, as the page says it (`nb`, `de-AT`; '' when it says none). */
export const pageLanguage = (el: Element) => attribute(el, 'lang') || getConfig().locale || el.closest('[lang]')?.getAttribute('lang') || '';

/** The table placeholder `el` reads: 'en', 'de', 'zh-Hant'. */
export const languageOf = (el: Element): string => readerTable(pageLanguage(el));

/** The strings placeholder `el` shows now: its table if here, else English. */
export const stringsOf = (el: Element): Strings => stringsNow(languageOf(el)) || ENGLISH;

/**
 * Marks `nodes` (an embed's container, its live region) with the language and direction of
 * `strings`, for assistive technology and the bidi algorithm.
 */
export function markLanguage(strings: Strings, ...nodes: (Element | undefined)[]) {
  for (const node of nodes) {
    node?.setAttribute('lang', strings.lang);
    node?.setAttribute('dir', strings.dir);
  }
}
