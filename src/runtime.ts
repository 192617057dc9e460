/**
 * The one module that owns the framework. In dist/embed.js `react` and `react-dom` are
 * preact/compat (build.mjs aliases them); this module installs the embed's Preact options.
 * One Preact per page: a second copy would not share hooks state or the render queue, so
 * the plugin files take compat's React, and the modules of ours they share (analytics with its
 * pingback queue, the model, the player's attribution and icons), from the player file's
 * runtime (`window.GifEmbed.runtime`): what it lends is declared in scripts/ships.mjs, and
 * build.mjs makes it (`gif-embed:lent`, which src/loader.ts lends).
 */
import { options, type VNode } from 'preact';
import { guarded } from './analytics/error-report';

/** Runs `handler` and keeps its errors in the embed. */
const contained = (handler: (event: Event) => unknown) => (event: Event) => guarded(() => handler(event), 'handler');

/**
 * Makes the page's one Preact the embed's: DOM event handlers of everything the embed renders
 * (player and plugins) run inside try/catch, so a bug in a click handler stays in the embed
 * instead of reaching the host page's window.onerror (chained like compat's own hook,
 * compat/src/render.js); and passive effects (useEffect) run in the next task, not after the
 * next frame: the players a slice of work mounted (src/slices.ts) have their effects run before
 * the next slice, so a page that mounts thousands runs them a slice's worth at a time. After a
 * frame, they would gather all the slices that ran meanwhile (Preact waits up to 35 ms for one)
 * into one long run. The player file calls it once, as it starts.
 */
export function ownPreact() {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as Record<string, unknown>;
    if (typeof vnode.type === 'string') {
      for (const key in props) {
        const value = props[key];
        if (key[0] === 'o' && key[1] === 'n' && typeof value === 'function') props[key] = contained(value as (e: Event) => unknown);
      }
    }
    if (previous) previous(vnode);
  };
  options.requestAnimationFrame = setTimeout;
}
