/**
 * The player file's askPlatforms (build.mjs puts this module where src/analytics/cmp.ts is
 * imported): the code that talks to a consent platform and holds its decisions is the consent
 * plugin (dist/plugins/cmp.<hash>.js), fetched only when the page has a platform, so a page
 * without one pays nothing for it. Until the file has run, the gate is pending and what waits is
 * kept; a file that does not come within the consent timeout counts as a refusal.
 */
import type { askPlatforms as ask } from '../analytics/cmp';
import { MACRO, TIMER_MAX_MS, type ConsentGate } from '../analytics/cmp-frames';
import { fromPluginFile } from '../plugin-files';

/**
 * Where no platform's code came, as a platform that never decided: nothing allowed, every macro
 * empty, a pixel naming a vendor withheld (one naming none fires: its owner decides).
 */
const REFUSED: ConsentGate = {
  pending: () => false,
  when: (fn) => fn(),
  allows: () => false,
  fill: (url) => ([...url.matchAll(MACRO)].some((macro) => macro[2]) ? undefined : url.replace(MACRO, '')),
};

export function askPlatforms(...args: Parameters<typeof ask>): ConsentGate {
  const waiting: (() => void)[] = [];
  let asking = true;
  // Until the plugin's gate (or REFUSED) takes its place: pending, nothing allowed, what waits kept.
  const gate: ConsentGate = { pending: () => asking, when: (fn) => void waiting.push(fn), allows: () => false, fill: () => undefined };
  const use = (next: ConsentGate) => {
    if (!asking) return;
    asking = false;
    waiting.forEach(Object.assign(gate, next).when);
  };
  const [found, settings] = args;
  const deadline = Date.now() + settings.consentTimeoutMs;
  const timer = setTimeout(() => use(REFUSED), Math.min(settings.consentTimeoutMs, TIMER_MAX_MS));
  void fromPluginFile('cmp').then((plugin) => {
    if (plugin && asking) {
      clearTimeout(timer);
      // The platform's wait counts from the page's start, not from the file's arrival.
      use(plugin(found, { ...settings, consentTimeoutMs: deadline - Date.now() }));
    }
  });
  return gate;
}
