/**
 * The related widget (spec §2's alternative widget): an element with `data-gif-related` shows the
 * GIFs related to the GIF it names, in a shadow root of its own, once.
 */
import { queryAll } from '../dom';
import { renderRelatedWidget } from '../player';
import { requestGif } from './fetch';
import { gifIdFrom, quoted } from './placeholder';
import { shadowContainer } from './shadow';
import { adoptStyles } from './styles';

const RELATED_SELECTOR = '[data-gif-related]';

/** Elements showing a related widget, so each is started once. */
const widgets = new WeakSet<Element>();

/** Shows the related widget for the GIF `el` names (`data-gif-related`), in its own shadow root. */
function showRelated(el: Element) {
  if (widgets.has(el) || !(el instanceof HTMLElement)) return;
  widgets.add(el);
  const raw = el.getAttribute('data-gif-related') || '';
  const id = gifIdFrom(raw);
  if (!id) return void console.warn(`[gif-embed] No GIF id in data-gif-related=${quoted(raw)}`);
  const container = shadowContainer(el);
  adoptStyles(container.parentNode as ShadowRoot);
  const theme = el.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
  requestGif(id).then(
    (gif) => renderRelatedWidget(container, gif, theme),
    (error: Error) => console.warn(`[gif-embed] ${error.message} (data-gif-related=${quoted(raw)})`),
  );
}

/** Starts the related widgets in `root` (itself included). */
export function relatedIn(root: ParentNode) {
  if (root instanceof Element && root.matches(RELATED_SELECTOR)) showRelated(root);
  queryAll(root, RELATED_SELECTOR).forEach(showRelated);
}
