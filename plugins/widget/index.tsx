/**
 * dist/plugins/widget.js: registers the alternative related widget of spec §2, the one a
 * `[data-gif-related="ID"]` element shows (the iframe player page's `?related`, any page's own
 * element). It sizes itself from the window (width - 30 px, height of the tallest of its first 3
 * GIFs) and takes its pages from the `fetchRelated` prop. A file of its own, and a small one: it
 * shows the list the related plugin lends it (the loader loads both), so the grid is not bundled twice.
 */
import type { Plugin, PluginName } from '../../src/plugin-types';
import { RelatedWidget } from '../related/RelatedWidget';
import { showRelated } from './show';

type Registry = { GifEmbed?: { register?(name: PluginName, plugin: Plugin<'widget'>): void } };

/** The widget's box (its own, not the player's: the player file carries no rule only this file needs). */
const WIDGET_CSS = '.rw{all:initial;display:block;padding:8px 15px;color:#fff;background:#121212}.rw.l{color:#121212;background:#f4f4f4}';

(window as unknown as Registry).GifEmbed?.register?.('widget', { Component: RelatedWidget, show: showRelated, css: WIDGET_CSS });
