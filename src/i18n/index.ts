/**
 * The reader's words: one table per language (./en.ts and ./locales), kept here by name once
 * loaded. A player is given its table (`Strings`: `m`, the words, and the `lang` and `dir` its
 * root carries; English is marked `lang="en"`, `dir="ltr"`, whatever the page's language) and
 * hands `m` down as a prop, to its plugins in their context.
 */
import { UI_EN, type Messages } from './en';
import { directionOf } from './languages';

export type { Messages } from './en';
export { LANGUAGES, tableOf, readerTable, directionOf } from './languages';

/** A table with the language and direction it is written in. */
export interface Strings {
  lang: string;
  dir: 'ltr' | 'rtl';
  m: Messages;
}

/** The English table: the UI kit's words at first; the player and each plugin add their sections. */
const english = { ...UI_EN } as Messages;
/** English, the table of every reader whose language has none. */
export const ENGLISH: Strings = { lang: 'en', dir: 'ltr', m: english };
const tables = new Map<string, Strings>([['en', ENGLISH]]);

/** Adds a plugin's section of the English table (./en.ts). */
export function addEnglish(section: Partial<Messages>) {
  Object.assign(english, section);
}

/** Keeps the table of language `name` ('de', 'zh-Hant'): a language file calls this. */
export function addTable(name: string, m: Messages) {
  tables.set(name, { lang: name === 'zh' ? 'zh-Hans' : name, dir: directionOf(name), m });
}

/** The table `name` names once it is here (English always is). */
export const stringsNow = (name: string): Strings | undefined => tables.get(name);

/**
 * `text` (a term the reader typed, a name or an alt from the API) set apart from the sentence it
 * goes into, between First Strong Isolate and Pop Directional Isolate: its own direction, and a
 * U+202E it holds, cannot reorder the words around it ("No GIFs found for “…”.").
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** `text` with `{0}`, `{1}`... replaced by `parts`. */
export const fill = (text: string, ...parts: string[]) => text.replace(/\{(\d)\}/g, (_, i: string) => parts[+i]);

/**
 * A counting message (`one:{0} GIF for {1}|other:{0} GIFs for {1}`) in the form `strings`'
 * language uses for `count` (Intl.PluralRules), with `{0}` the count as that language writes it
 * and `{1}`... the `parts`. A form the table lacks is its `other`.
 */
export function plural(strings: Strings, text: string, count: number, ...parts: string[]): string {
  const forms = new Map(text.split('|').map((form) => [form.slice(0, form.indexOf(':')), form.slice(form.indexOf(':') + 1)]));
  const form = forms.get(new Intl.PluralRules(strings.lang).select(count)) ?? forms.get('other')!;
  return fill(form, count.toLocaleString(strings.lang), ...parts);
}
