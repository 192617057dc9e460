/**
 * `<gif-picker>`: the picker as an element, for pages that prefer markup to a call. It renders
 * the same GifPicker (through `render`, dist/sdk.js's renderPicker) into itself, follows its
 * attributes, and tells the page what happens with events:
 * - `gif-select` (detail: the picked GIF, normalised, with `alt`, the alt text to suggest) when a GIF is picked;
 * - `gif-picker-close` on Escape with an empty field (the page closes its popover);
 * - `gif-favorites-change` (detail: `{ ids }`, every favourite's id in order) when the reader
 *   changes their favourites.
 * Attributes: media-type (gifs | stickers), term, rating, lang, locale, height, theme (light |
 * dark | auto), placeholder, autofocus. The `store` property is the picker's store (a `{ get, set }`
 * object); the page's `--gif-picker-*` CSS properties reach the picker through the element.
 */
import type { Rating } from '../../api';
import { getConfig } from '../../config';
import type { Gif } from '../../model';
import type { GifPickerProps } from './picker';
import type { PickerStore } from './kept';
import type { PickerMediaType } from './state';
import { onPageLanguage } from '../page-language';

/** The element's tag name. */
export const PICKER_ELEMENT = 'gif-picker';
export const SELECT_EVENT = 'gif-select';
export const CLOSE_EVENT = 'gif-picker-close';
export const FAVORITES_EVENT = 'gif-favorites-change';
const ATTRIBUTES = ['media-type', 'term', 'rating', 'lang', 'locale', 'height', 'theme', 'placeholder', 'autofocus'];

/** Picker props from an element's attributes. */
function pickerAttributes(el: Element): Omit<GifPickerProps, 'onSelect' | 'onClose'> {
  const text = (name: string) => el.getAttribute(name) || undefined;
  const height = text('height');
  return {
    mediaType: text('media-type') === 'stickers' ? 'stickers' : ('gifs' as PickerMediaType),
    initialTerm: text('term'),
    rating: text('rating') as Rating | undefined,
    lang: text('lang'),
    // Without its own locale or the app's (configure), the nearest `lang` around it, the
    // element's own (its search language) first: a page in several languages.
    locale: text('locale') || (getConfig().locale ? undefined : el.closest('[lang]')?.getAttribute('lang') || undefined),
    height: height && /^\d+$/.test(height) ? Number(height) : height,
    theme: text('theme') == 'dark' || text('theme') == 'auto' ? (text('theme') as 'dark') : 'light',
    placeholder: text('placeholder'),
    autoFocus: el.hasAttribute('autofocus'),
  };
}

/**
 * Defines `<gif-picker>` once (a second sdk.js on the page, or an app that defined its own,
 * keeps the first), rendering with `render(element, props)` and unmounting on removal.
 */
export function definePickerElement(render: (el: Element, props: GifPickerProps) => () => void) {
  const registry = globalThis.customElements;
  if (!registry || registry.get(PICKER_ELEMENT)) return;
  class GifPickerElement extends HTMLElement {
    static observedAttributes = ATTRIBUTES;
    private unmount?: () => void;
    private unfollow?: () => void;
    private kept?: PickerStore;
    /** Where the reader's recents and favourites are kept (GifPickerProps.store). */
    get store() {
      return this.kept;
    }
    set store(store: PickerStore | undefined) {
      this.kept = store;
      if (this.isConnected) this.update();
    }
    connectedCallback() {
      if (!this.style.display) this.style.display = 'block';
      // The nearest lang around it may change (a page's language switch).
      this.unfollow ??= onPageLanguage(() => this.isConnected && this.update());
      this.update();
    }
    disconnectedCallback() {
      this.unfollow?.();
      this.unfollow = undefined;
      this.unmount?.();
      this.unmount = undefined;
    }
    attributeChangedCallback() {
      if (this.isConnected) this.update();
    }
    private update() {
      this.unmount = render(this, {
        ...pickerAttributes(this),
        onSelect: (gif: Gif, { alt }) => this.dispatchEvent(new CustomEvent(SELECT_EVENT, { detail: { ...gif, alt }, bubbles: true })),
        onClose: () => this.dispatchEvent(new CustomEvent(CLOSE_EVENT, { bubbles: true })),
        onFavoritesChange: (ids) => this.dispatchEvent(new CustomEvent(FAVORITES_EVENT, { detail: { ids }, bubbles: true })),
        store: this.kept,
      });
    }
  }
  registry.define(PICKER_ELEMENT, GifPickerElement);
}
