/**
 * dist/plugins/widget.js: registers the alternative related widget of spec §2, the one a
 * `[data-gif-related="ID"]` element shows (the iframe player page's `?related`, any page's own
 * element). It sizes itself from the window (width - 30 px, height of the tallest of its first 3
 * GIFs) and takes its pages from the `fetchRelated` prop. A file of its own: the footer's
 * related grid (related.js) does not carry it, nor it the footer's sizing.
 */
import type { Plugin, PluginName } from '../../src/plugin-types';
import { RelatedWidget } from '../related/RelatedWidget';

type Registry = { GifEmbed?: { register?(name: PluginName, plugin: Plugin<'widget'>): void } };

(window as unknown as Registry).GifEmbed?.register?.('widget', { Component: RelatedWidget });
