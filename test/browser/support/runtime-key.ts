/**
 * Where dist/'s player file lends a module's binding to the plugins: the module's index in
 * scripts/ships.mjs LENT, and the binding's position among the names the build found the
 * plugins use (written to .size/lent.json by the build).
 */
import { readFileSync } from 'node:fs';

/** [module index, position] of binding `name` of the module `specifier`. */
export function runtimeAt(specifier: string, name: string): [number, number] {
  const lent = JSON.parse(readFileSync(new URL('../../../.size/lent.json', import.meta.url), 'utf8')) as Record<string, string[]>;
  const key = Object.keys(lent).indexOf(specifier);
  const at = key < 0 ? -1 : lent[specifier].indexOf(name);
  if (at < 0) throw new Error(`the runtime lends no ${name} of ${specifier}`);
  return [key, at];
}
