/**
 * The contract between the player (in dist/embed.js) and the lazily loaded plugins
 * (dist/plugins/<name>.js). A plugin file is an IIFE that calls
 * `window.GifEmbed.register(name, { Component })`; it takes react/preact/hooks/goober from
 * `window.GifEmbed.runtime` (the build wires that), never from its own copy.
 */
import type { ComponentType } from 'react';
import type { Gif } from './model';

export type PluginName = 'share' | 'video' | 'related';

/** What every plugin component receives from the player that hosts it. */
export interface PluginContext {
  /** The normalised GIF the embed shows. */
  gif: Gif;
  /** 'light' or 'dark' (placeholder's data-theme). */
  theme: 'light' | 'dark';
  /** Records a trackEvent (spec §7), e.g. track('Click', 'Share'). */
  track(category: string, action: string, label?: string): void;
  /** Sends a pingback action for `gif` (CLICK, HOVER or SEEN) with optional attributes. */
  pingback(action: 'CLICK' | 'HOVER' | 'SEEN', gif: Gif, attributes?: Record<string, string>): void;
}

/** share: the desktop share menu. */
export interface SharePluginProps extends PluginContext {
  /** Closes the menu (close control, Escape). */
  onClose(): void;
}

/** video: the youtube/vimeo facade and player. */
export interface VideoPluginProps extends PluginContext {
  /** Goes back to the GIF view (the 'GIF' back control). */
  onBack(): void;
  /** True on the mobile layout (mobile variant of the back control). */
  mobile: boolean;
  /** CSP nonce from the embed's script tag, for the provider script the plugin adds. */
  nonce?: string;
}

/** related: the 'Related Gifs' grid in the desktop footer. */
export interface RelatedPluginProps extends PluginContext {
  /** Width available to the grid in px. */
  width: number;
  /** Changes whenever the player wants the grid scrolled back to the top (hover-out). */
  scrollResetKey: number;
  /** Reports whether the visitor is using the grid (scrolling in it): the player then hides after 1000 ms instead of 70 ms. */
  onActiveChange(active: boolean): void;
  /** The player's API call for one page of related GIFs (`offset`, `limit` of spec §7). */
  fetchRelated?(gifId: string, page: { offset: number; limit: number }): Promise<{ data: Gif[]; pagination: { count: number; offset: number; total_count: number } }>;
}

export interface PluginPropsByName {
  share: SharePluginProps;
  video: VideoPluginProps;
  related: RelatedPluginProps;
}

/** What a plugin file registers. */
export interface Plugin<N extends PluginName = PluginName> {
  Component: ComponentType<PluginPropsByName[N]>;
}

/** Modules the loader shares with plugins, keyed by import specifier. */
export type Runtime = Record<string, unknown>;
