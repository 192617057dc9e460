/**
 * The tables other than English as modules of the package: a bundler makes each a chunk of its
 * own, fetched the first time a reader of that language needs it. (dist/sdk.js has no chunks: its
 * build puts src/sdk/lang-files.ts here, which fetches the same tables as the embed's language
 * files.) LANGUAGES (./languages.ts) names the same files; a unit test holds the two together.
 */
import { addTable, LANGUAGES, type Messages } from '.';

type TableFile = () => Promise<{ tables: Record<string, Messages> }>;

/** Each language's file (Chinese's holds Simplified and Traditional). */
export const TABLE_FILES: Record<string, TableFile> = {
  ar: () => import('./locales/ar'),
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fa: () => import('./locales/fa'),
  fr: () => import('./locales/fr'),
  he: () => import('./locales/he'),
  hi: () => import('./locales/hi'),
  id: () => import('./locales/id'),
  it: () => import('./locales/it'),
  ja: () => import('./locales/ja'),
  ko: () => import('./locales/ko'),
  nl: () => import('./locales/nl'),
  pl: () => import('./locales/pl'),
  pt: () => import('./locales/pt'),
  ru: () => import('./locales/ru'),
  tr: () => import('./locales/tr'),
  uk: () => import('./locales/uk'),
  zh: () => import('./locales/zh'),
};

/** Resolves once the tables of `file` ('de', 'zh') are kept, or their load failed (its readers read English). */
export function loadTables(file: string): Promise<void> {
  return LANGUAGES.includes(file)
    ? TABLE_FILES[file]().then(
        (module) => {
          for (const name in module.tables) addTable(name, module.tables[name]);
        },
        () => undefined,
      )
    : Promise.resolve();
}
