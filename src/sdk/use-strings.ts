/**
 * The reader's words in the SDK: the table of the `locale` a component is given, else of
 * `configure({ locale })`, else (the picker) of its search language, else of the page's
 * `<html lang>`, else of the browser's first language with a table; English where none has one.
 * A table other than English is fetched the first time a component needs it (../i18n/load.ts);
 * the component renders in English until then, and again, in place, when it comes.
 *
 * The page's `lang` is followed: a language switch renders them again (./page-language.ts).
 *
 * A server render and its hydration read no page: the first render in the browser is the
 * server's (English, or the table of an explicit locale the app loaded first with loadLocale),
 * and the page's language follows at once.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getConfig } from '../config';
import { ENGLISH, addEnglish, readerTable, stringsNow, type Strings } from '../i18n';
import { SDK_EN } from '../i18n/en';
import { onTableLoads, whenTable } from '../i18n/tables';
import { onPageLanguage } from './page-language';

addEnglish(SDK_EN);

/**
 * Tables that came and language switches since the page loaded: each renders every component
 * that reads the reader's language.
 */
let arrived = 0;
const subscribe = (listener: () => void) => {
  const bump = () => {
    arrived++;
    listener();
  };
  const stops = [onPageLanguage(bump), onTableLoads(bump)];
  return () => stops.forEach((stop) => stop());
};

/**
 * Loads the table of `locale` (a BCP 47 tag) before a render that must show it at once: a server
 * render in the reader's language, or the hydration of one (`await loadLocale('de')` on both
 * sides). Resolves when it is here, or its load failed (English, then).
 */
export const loadLocale = (locale: string): Promise<void> => whenTable(readerTable(locale));

/**
 * The words a component shows: see the file's comment. `locale` is the component's prop;
 * `fallback`, the tag it reads before the page's (the picker's search language).
 */
export function useStrings(locale?: string, fallback?: string): Strings {
  // -1 on a server and while the browser hydrates its HTML (React's server snapshot).
  const version = useSyncExternalStore(subscribe, () => arrived, () => -1);
  const tag = locale || getConfig().locale || fallback || (version < 0 ? 'en' : document.documentElement.lang);
  const name = readerTable(tag);
  useEffect(() => {
    void whenTable(name);
  }, [name]);
  return stringsNow(name) || ENGLISH;
}
