/**
 * An embed's container, made when its placeholder starts, not for every placeholder a page
 * holds (a shadow root changes how its host is laid out): its shadow root, styles and live
 * region, showing the placeholder's own content until a player or error view renders.
 */
import { renderFallback } from '../player';
import type { Embed } from './registry';
import { report } from './report';
import { shadowContainer } from './shadow';
import { adoptStyles } from './styles';

/** The container of `embed` (placeholder `el`), made at the first call (`covered`: a player renders over it before the task ends). */
export function attach(el: Element, embed: Embed, covered = false): Element {
  if (embed.container) return embed.container;
  if (embed.position) (el as HTMLElement).style.position = embed.position;
  const container = (embed.container = shadowContainer(el as HTMLElement));
  embed.detach = adoptStyles(container.parentNode as ShadowRoot);
  if (!covered) renderFallback(container);
  // Its live region is new: it says the state the placeholder is in (an error or ready comes after).
  report(el, 'loading');
  return container;
}

/**
 * Gives the container of `embed` its styles again where a move into another document took
 * them (adoptNode, a picture-in-picture window, and back): a document drops the sheets another
 * made. A `<style>` (browsers without adopted sheets) moves with the player.
 */
export function restyle(embed: Embed | undefined) {
  const root = embed?.container?.parentNode as ShadowRoot | undefined;
  if (root?.adoptedStyleSheets?.length === 0) adoptStyles(root);
}
