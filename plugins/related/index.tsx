/**
 * dist/plugins/related.js: registers the footer's 'Related Gifs' grid with the loader, and the
 * alternative related widget of spec §2 beside it as `Widget`.
 * - Component (RelatedPluginProps): fills its container's height (give it a definite one); its
 *   tiles take `width` minus the 15 px scrollbar allowance of spec §9. Pages come from the
 *   `fetchRelated` prop (the player's API call); without it the grid renders nothing.
 * - Widget (PluginContext + fetchRelated): sizes itself from the window (width - 30 px, height
 *   of the tallest of its first 3 GIFs), for a page that shows related GIFs on their own.
 */
import type { Plugin, PluginName } from '../../src/plugin-types';
import { RelatedGrid } from './RelatedGrid';
import { RelatedWidget } from './RelatedWidget';

type Registry = { GifEmbed?: { register?(name: PluginName, plugin: Plugin<'related'>): void } };

(window as unknown as Registry).GifEmbed?.register?.('related', { Component: RelatedGrid, Widget: RelatedWidget });
