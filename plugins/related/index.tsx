/**
 * dist/plugins/related.js: registers the footer's 'Related Gifs' grid with the loader, and the
 * alternative related widget beside it as `Widget` (same props minus width/scroll handling).
 */
import type { ComponentType } from 'react';
import type { Plugin, PluginName } from '../../src/plugin-types';
import { RelatedGrid } from './RelatedGrid';
import { RelatedWidget, type WidgetProps } from './RelatedWidget';

type RelatedPlugin = Plugin<'related'> & { Widget: ComponentType<WidgetProps> };
type Registry = { GifEmbed?: { register?(name: PluginName, plugin: RelatedPlugin): void } };

(window as unknown as Registry).GifEmbed?.register?.('related', { Component: RelatedGrid, Widget: RelatedWidget });
