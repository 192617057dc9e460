/**
 * The related widget (spec §2's alternative widget): an element with `data-gif-related` shows the
 * GIFs related to the GIF it names, in a shadow root of its own, once. Few pages have one (the
 * iframe player page with `?related`): the player file only finds them; the widget plugin
 * (plugins/widget) reads the id, fetches the GIF and shows the widget.
 */
import { queryAll } from '../dom';
import { loadPlugin } from '../plugin-files';
import type { GifBatcher } from './fetch';

const RELATED_SELECTOR = '[data-gif-related]';

/**
 * Starts the related widgets in `root` (itself included) not in `started` yet (a page's: each is
 * started once); their GIFs come through the page's batcher `gifs`.
 */
export function relatedIn(root: ParentNode, started: WeakSet<Element>, gifs: GifBatcher) {
  const found = [...(root instanceof Element && root.matches(RELATED_SELECTOR) ? [root] : []), ...queryAll(root, RELATED_SELECTOR)]
    .filter((el) => el instanceof HTMLElement && !started.has(el) && started.add(el)) as HTMLElement[];
  if (found.length) void loadPlugin('widget').then((plugin) => plugin && found.forEach((el) => plugin.show!(el, gifs.request)));
}
