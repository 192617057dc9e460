/**
 * dist/plugins/share.js: registers the desktop share menu with the loader.
 * The menu covers its container (position: absolute; inset: 0). It takes focus when it mounts
 * and gives it back to whatever had it (the player's share button) when it unmounts, so the
 * player only mounts it on open and unmounts it in onClose.
 */
import type { Plugin, PluginName } from '../../src/plugin-types';
import { ShareMenu } from './ShareMenu';
import { SHARE_EN } from '../../src/i18n/en';

type Registry = { GifEmbed?: { register?(name: PluginName, plugin: Plugin<'share'>): void } };

(window as unknown as Registry).GifEmbed?.register?.('share', { Component: ShareMenu, en: SHARE_EN });
