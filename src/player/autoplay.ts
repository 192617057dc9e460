/**
 * The policy a player follows (docs/embed.md, "Autoplay and Data Saver"): the page's switch
 * (`GifEmbed.setAutoplay`, kept on the page object: src/embed/page.ts), else its placeholder's
 * own `data-autoplay`, else the embed.js tag's; the reader's settings come before any of them
 * (src/ui/motion.ts asksLess).
 */
import { getConfig } from '../config';
import { asksLess, type AutoplayPolicy } from '../ui/motion';

/** The policy written for a player: `set` (the page's switch) once set, else `own` (its placeholder's), else the page's tag's. */
export function writtenPolicy(set: AutoplayPolicy | '' | undefined, own: AutoplayPolicy | undefined): AutoplayPolicy {
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
