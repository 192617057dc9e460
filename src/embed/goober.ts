/**
 * goober for everything dist/embed.js and its plugins render: the same `css`, `keyframes` and
 * `glob`, writing into the shared shadow stylesheet (embed/styles.ts) instead of the host
 * page's <head>. The build routes every `goober` import of the embed and its plugins here.
 *
 * It uses goober's public target API: a detached element as `target`, read back with
 * `extractCss(target)` after each call. The `<style id="_goober">` goober would look for is made
 * up front with a text node (goober's documented hydration id): goober would otherwise create it
 * through `innerHTML`, which Trusted Types refuses.
 */
import { css as gooberCss, extractCss } from 'goober';
import { addCss, gooberTarget } from './styles';

type Css = typeof gooberCss;

/** goober's `css` with `flags` (`k` keyframes, `g` global), its new rules moved to the shared sheet. */
function through(flags: object): Css {
  return function (this: unknown, ...args: Parameters<Css>) {
    const name = (gooberCss as (...a: unknown[]) => string).apply({ ...flags, target: gooberTarget() }, args);
    const rules = extractCss(gooberTarget());
    if (rules.trim()) addCss(rules);
    return name;
  } as Css;
}

export const css = through({});
export const keyframes = through({ k: 1 });
export const glob = through({ g: 1 });
