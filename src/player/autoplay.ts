/**
 * The page's autoplay policy as it stands (docs/embed.md, "Autoplay"): a placeholder's own
 * `data-autoplay`, else the embed.js tag's; `GifEmbed.setAutoplay(policy)` (a site's "pause all
 * GIFs" switch) sets one for every player on the page, its own value included, and the loader
 * paints every embed again (src/loader.ts). The reader's settings come before any of them
 * (src/ui/motion.ts asksLess).
 */
import { configure, getConfig } from '../config';
import { debugLog } from '../debug';
import { asksLess, autoplayPolicy, type AutoplayPolicy } from '../ui/motion';

/** The policy GifEmbed.setAutoplay set ('' until it is called). */
let set: AutoplayPolicy | '' = '';

/**
 * `GifEmbed.setAutoplay(policy)`: every player on the page takes `policy` from its next render;
 * true when it is one (anything else is ignored, with a debug line).
 */
export function setAutoplay(policy: unknown): boolean {
  const known = autoplayPolicy(policy);
  if (known) set = configure({ autoplay: known }).autoplay;
  else debugLog(`ignored setAutoplay(${String(policy)})`);
  return !!known;
}

/** The policy written for a player: the page's switch once set, else `own` (its placeholder's), else the page's. */
export function writtenPolicy(own: AutoplayPolicy | undefined): AutoplayPolicy {
  return set || own || getConfig().autoplay;
}

/**
 * The policy a player follows: `written`, except that under the reader's reduced motion or Data
 * Saver (`paid`: its moving file is on the page already, which Data Saver leaves playing),
 * `always` and `hover` are `never`.
 */
export function policyOf(written: AutoplayPolicy, paid: boolean): AutoplayPolicy {
  return (written == 'always' || written == 'hover') && asksLess(paid) ? 'never' : written;
}
