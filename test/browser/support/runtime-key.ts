/**
 * The key under which dist/'s player file lends a module to the plugins: its index in
 * src/runtime-exports.json (build.mjs numbers the keys src/runtime.ts names by specifier).
 */
import RUNTIME_EXPORTS from '../../../src/runtime-exports.json';

export function runtimeKey(specifier: string): number {
  const key = Object.keys(RUNTIME_EXPORTS).indexOf(specifier);
  if (key < 0) throw new Error(`the runtime lends no ${specifier}`);
  return key;
}
