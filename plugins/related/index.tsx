/**
 * dist/plugins/related.js: registers the footer's 'Related Gifs' grid with the loader
 * (RelatedPluginProps). It fills its container's height (give it a definite one); its tiles take
 * `width` minus the 15 px scrollbar allowance of spec §9. Pages come from the `fetchRelated`
 * prop (the player's API call); without it the grid renders nothing. The alternative widget of
 * spec §2 is its own file (plugins/widget), which shows this file's list (`List`).
 */
import type { Plugin, PluginName } from '../../src/plugin-types';
import { RelatedGrid } from './RelatedGrid';
import { RelatedList } from './RelatedList';
import { RELATED_EN } from '../../src/i18n/en';

type Registry = { GifEmbed?: { register?(name: PluginName, plugin: Plugin<'related'>): void } };

(window as unknown as Registry).GifEmbed?.register?.('related', { Component: RelatedGrid, List: RelatedList, en: RELATED_EN });
