/**
 * The one store of the reader's tables, for the embed and the SDK alike: a table other than
 * English is loaded once per window, whoever asks first (./load.ts: a chunk of the package, or in
 * dist/ the language file beside embed.js or sdk.js; build.mjs puts the file's loader there).
 */
import { stringsNow } from '.';
import { loadTables } from './load';

/** Each file's load ('de', 'zh'), asked for once (a failed one leaves its readers in English). */
const files = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

/** Resolves once the table of `name` ('de', 'zh-Hant') is here, or could not come. */
export function whenTable(name: string): Promise<void> {
  const file = name.slice(0, 2);
  if (stringsNow(name)) return Promise.resolve();
  if (!files.has(file)) files.set(file, loadTables(file).then(() => listeners.forEach((listener) => listener())));
  return files.get(file)!;
}

/** Calls `listener` each time a file's load settles (its tables here, or not coming); returns the stop. */
export function onTableLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
