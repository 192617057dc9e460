/**
 * The related widget (spec §2's alternative widget): an element with `data-gif-related` shows the
 * GIFs related to the GIF it names, in a shadow root of its own, once. Few pages have one (the
 * iframe player page with `?related`): the player file only finds them; the widget plugin
 * (plugins/widget) reads the id, fetches the GIF and shows the widget.
 */
import { queryAll } from '../dom';
import { loadPlugin } from './plugins';

const RELATED_SELECTOR = '[data-gif-related]';

/** Elements showing a related widget, so each is started once. */
const widgets = new WeakSet<Element>();

/** Starts the related widgets in `root` (itself included). */
export function relatedIn(root: ParentNode) {
  const found = [...(root instanceof Element && root.matches(RELATED_SELECTOR) ? [root] : []), ...queryAll(root, RELATED_SELECTOR)]
    .filter((el) => el instanceof HTMLElement && !widgets.has(el) && widgets.add(el)) as HTMLElement[];
  if (found.length) void loadPlugin('widget').then((plugin) => plugin && found.forEach(plugin.show!));
}
