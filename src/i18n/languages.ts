/**
 * Which table a reader's language gets: BCP 47 tags (`pt-BR`, `zh-TW`, `de-CH-1996`) matched to
 * the tables we have by their primary language, with the legacy codes browsers still send
 * (`iw` Hebrew, `in` Indonesian) and Chinese split by script (`zh-Hant`, and `zh-TW`, `zh-HK` and
 * `zh-MO` without a script, read Traditional; any other `zh`, Simplified).
 */

/** The languages with a table besides English: each is a file of its own, `plugins/lang-<code>.<hash>.js`. */
export const LANGUAGES = 'ar de es fa fr he hi id it ja ko nl pl pt ru tr uk zh'.split(' ');

/**
 * The table `tag` reads: 'en', a name in LANGUAGES, or 'zh-Hant' (in the zh file, beside
 * Simplified's 'zh'); undefined when we have no table for it.
 */
export function tableOf(tag: string): string | undefined {
  const [primary] = tag.toLowerCase().split(/[-_]/);
  const code = primary === 'iw' ? 'he' : primary === 'in' ? 'id' : primary;
  // The script subtag decides; without one, the region (`zh-Hans-HK` is Simplified).
  if (code === 'zh' && /[-_](hant|tw|hk|mo)\b/i.test(tag) && !/[-_]hans\b/i.test(tag)) return 'zh-Hant';
  return code === 'en' || LANGUAGES.includes(code) ? code : undefined;
}

/**
 * The table a reader of `tag` gets (the first tag a page gives, as the caller found it); without
 * one, the first of the browser's languages we have a table for; else English.
 */
export const readerTable = (tag?: string | null): string =>
  (tag ? tableOf(tag) : globalThis.navigator?.languages?.map(tableOf).find(Boolean)) || 'en';

/** The direction table `name` is written in: Arabic, Hebrew and Persian right to left. */
export const directionOf = (name: string): 'ltr' | 'rtl' => (/^(ar|he|fa)$/.test(name) ? 'rtl' : 'ltr');
