/**
 * The contract between the player (in dist/embed.js) and the lazily loaded plugins
 * (dist/plugins/<name>.js). A plugin file is an IIFE that calls
 * `window.GifEmbed.register(name, { Component })`; it takes `react` (preact/compat), its JSX
 * runtime and goober from `window.GifEmbed.runtime` (the build wires that), never from its own copy.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Gif } from './model';
import type { EmbedScriptTag } from './model/share';
import type { Messages } from './i18n/en';
import type { AutoplayPolicy } from './ui/motion';

export type PluginName = 'share' | 'video' | 'related' | 'chrome' | 'widget';

/** What every plugin component receives from the player that hosts it. */
export interface PluginContext {
  /** The normalised GIF the embed shows. */
  gif: Gif;
  /** 'light' or 'dark' (placeholder's data-theme). */
  theme: 'light' | 'dark';
  /** The autoplay policy written for the player (the reader's settings not applied): the related grid's tiles follow it. */
  autoplay?: AutoplayPolicy;
  /** Records a trackEvent (spec §7), e.g. track('Click', 'Share'). */
  track(category: string, action: string, label?: string): void;
  /** Sends a pingback action for `gif` (CLICK, HOVER or SEEN) with optional attributes. */
  pingback(action: 'CLICK' | 'HOVER' | 'SEEN', gif: Gif, attributes?: Record<string, string>): void;
  /** The reader's words (src/i18n): the table of the player's language, with the plugin's own section. */
  m: Messages;
}

/** share: the desktop share menu. */
export interface SharePluginProps extends PluginContext {
  /** Closes the menu (close control, Escape). */
  onClose(): void;
  /** The embed's script tag as another page would include it, for the script form of the embed code ('' leaves that form out). */
  script: string;
  /** The main site (`data-site-base`; '' for the origin of the GIF's page), where the twitter share goes. */
  siteBase: string;
}

/** video: the youtube/vimeo player, opened by Watch. */
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
  /** The footer holding the grid is showing; when it hides, the grid scrolls back to the top. */
  open: boolean;
  /** Reports whether the visitor is using the grid (scrolling in it): the player then hides after 1000 ms instead of 70 ms. */
  onActiveChange(active: boolean): void;
  /** False until the footer has been shown once: the first page waits for it, so an embed never hovered asks for none. */
  shown?: boolean;
  /** The player's API call for one page of related GIFs (`offset`, `limit` of spec §7). */
  fetchRelated?(gifId: string, page: { offset: number; limit: number }): Promise<{ data: Gif[]; pagination: { count: number; offset: number; total_count: number } }>;
}

/** What the player's plugin slot takes: plugin `name`, its `props`, what to show while it loads or if it fails. */
export interface PluginSlotProps<N extends PluginName> {
  name: N;
  /**
   * The plugin's props; none while it is not wanted yet: the fallback shows and nothing loads
   * until they come (a player builds them only then). The same slot throughout keeps the
   * fallback's elements (and their focus) in place until the plugin comes.
   */
  props?: PluginPropsByName[N];
  fallback?: ReactNode;
}

/** Renders plugin `name` with `props`: `fallback` (or nothing) while it loads and if it fails. */
export type PluginSlotComponent = <N extends PluginName>(p: PluginSlotProps<N>) => ReactNode;

/** chrome: the desktop header, attribution, footer ('Related Gifs', 'Continue Watching on') and share menu. */
export interface ChromePluginProps extends PluginContext {
  hideShare: boolean;
  /** The embed's script tag, which the share menu's script form repeats (see SharePluginProps; none leaves that form out). */
  script?: EmbedScriptTag;
  siteBase: string;
  hideRelated: boolean;
  /** Product name shown in the CTA and as the logo link's label. */
  productName: string;
  /** Where the logo links (the main site, or the GIF's page). */
  site: string;
  /** The pointer or focus is on the player (after the 150 ms show delay). */
  hovered: boolean;
  /** Focus came in from the page after the player (Shift+Tab): the chrome takes it on to its call-to-action. */
  enteredBackward: boolean;
  /** The box is too small for chrome (below 200 px tall or 250 px wide). */
  small: boolean;
  /** The player's size in px. */
  width: number;
  height: number;
  /** The player's pause/play control, placed in the header. */
  pause: ReactNode;
  /** Opens the media-embed view; absent when the GIF has no playable provider media. */
  watch?(): void;
  /** The provider's name as it spells it ('YouTube', 'Vimeo') when `watch` is given. */
  provider: string;
  /** A click on the 'Continue Watching on' link (recorded as View More CTA). */
  onLinkClick(): void;
  /** The rest is passed to the related plugin (see RelatedPluginProps). */
  fetchRelated: RelatedPluginProps['fetchRelated'];
  onActiveChange(active: boolean): void;
  /** The player's plugin slot, for the share menu and the related grid. */
  Slot: PluginSlotComponent;
  /** The loader's plugin fetch (once per page; resolves to undefined when the file fails). */
  load<N extends PluginName>(name: N): Promise<Plugin<N> | undefined>;
}

export interface PluginPropsByName {
  chrome: ChromePluginProps;
  share: SharePluginProps;
  video: VideoPluginProps;
  related: RelatedPluginProps;
  widget: RelatedWidgetProps;
}

/** The related plugin's list (the 'Related Gifs' header over the grid), which it lends the widget. */
export interface RelatedListContract extends PluginContext, Pick<RelatedPluginProps, 'fetchRelated'> {
  /** Width of the tiles area, px. */
  width: number;
  /** The widget's rule: the scroller is as tall as the tallest of the first 3 GIFs. */
  sizeToFirstRow?: boolean;
  /** Label of the Click/Image trackEvent, naming which related view was clicked. */
  clickLabel: string;
}

/**
 * widget: the alternative related widget (spec §2), sized from the window. It shows the related
 * plugin's list (`List`), so the widget file carries no second copy of the grid.
 */
export type RelatedWidgetProps = PluginContext & Pick<RelatedPluginProps, 'fetchRelated'> & { List: ComponentType<RelatedListContract> };

/** What a plugin file registers. */
export interface Plugin<N extends PluginName = PluginName> {
  Component: ComponentType<PluginPropsByName[N]>;
  /** The related plugin's list, for the widget (see RelatedWidgetProps). */
  List?: ComponentType<RelatedListContract>;
  /** Static CSS the loader adds to the shared shadow stylesheet when the plugin registers. */
  css?: string;
  /** The widget plugin's start: shows the related widget a `[data-gif-related]` element asks for. */
  show?(el: HTMLElement, requestGif: (id: string) => Promise<Gif>): void;
  /** The plugin's section of the English table (src/i18n/en.ts), added when it registers. */
  en?: Partial<Messages>;
}

/** What a language file registers (`lang-zh`): its tables by name (`zh`, `zh-Hant`). */
export interface LanguageFile {
  tables: Record<string, Messages>;
}

/** What the player file lends the plugin files: each lent module (scripts/ships.mjs) by index, its names by position. */
export type Runtime = unknown[][];
