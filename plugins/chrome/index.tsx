/**
 * dist/plugins/chrome.js: registers the desktop chrome (header, attribution, footer with the
 * related grid and 'Continue Watching on', share menu) with the loader, with its static CSS.
 * The player fetches it at the first hover or focus, or when the page is idle after ready;
 * never on mobile, nor for a player too small to show it. Through it, the share and related
 * plugins load.
 */
import type { Plugin, PluginName } from '../../src/plugin-types';
import { Chrome } from './Chrome';
import { CHROME_CSS } from './styles';
import { CHROME_EN } from '../../src/i18n/en';

type Registry = { GifEmbed?: { register?(name: PluginName, plugin: Plugin<'chrome'>): void } };

(window as unknown as Registry).GifEmbed?.register?.('chrome', { Component: Chrome, css: CHROME_CSS, en: CHROME_EN });
