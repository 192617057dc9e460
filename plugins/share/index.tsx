/**
 * dist/plugins/share.js: registers the desktop share menu with the loader.
 */
import type { Plugin, PluginName } from '../../src/plugin-types';
import { ShareMenu } from './ShareMenu';

type Registry = { GifEmbed?: { register?(name: PluginName, plugin: Plugin<'share'>): void } };

(window as unknown as Registry).GifEmbed?.register?.('share', { Component: ShareMenu });
