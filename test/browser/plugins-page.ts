/**
 * The plugins' browser harness page script: a stand-in for the player that loads a plugin file
 * beside the player file that dist/embed.js brings (for the shared runtime), mounts its registered component inside a
 * shadow root with real props (GIFs from the local service through the API client), and
 * records what the plugin reports. Bundled by plugins.test.ts; not shipped.
 */
import { gif as fetchGif, related } from '../../src/api';
import { configure } from '../../src/config';
import type { Gif } from '../../src/model';
import { EN } from '../support/english';
/** Where the player file's runtime lends createRoot and createElement: [module index, position] (plugins.test.ts defines them). */
declare const __CREATE_ROOT_AT__: [number, number];
declare const __CREATE_ELEMENT_AT__: [number, number];

/** The player file's runtime: each module's bindings by position (test/browser/support/runtime-key.ts). */
type Runtime = ((...args: never[]) => never)[][];
type Registered = Record<string, { Component: unknown; List?: unknown }>;
type GifEmbedGlobal = { runtime: Runtime; register?(name: string, plugin: { Component: unknown }): void };

const embed = () => (window as unknown as { GifEmbed: GifEmbedGlobal }).GifEmbed;
const registered: Registered = {};

/** What the plugins reported, read by the test. */
const log = {
  tracked: [] as string[][],
  pings: [] as [string, string, Record<string, string> | undefined][],
  active: [] as boolean[],
  closed: 0,
  backs: 0,
  opened: [] as { url: string; name: string; features: string }[],
};

configure({ apiBase: location.origin, apiKey: 'harness-key' });

// Popups are recorded, not opened (a headless run has no screen to put them on).
window.open = ((url?: string | URL, name?: string, features?: string) => {
  log.opened.push({ url: String(url), name: name ?? '', features: features ?? '' });
  return null;
}) as typeof window.open;

/** Registers the harness as a listener on the loader's register (or provides one). */
function hookRegister() {
  const g = embed();
  const original = g.register;
  g.register = (name, plugin) => {
    registered[name] = plugin as Registered[string];
    original?.call(g, name, plugin);
  };
}

/** Adds plugin `name`'s file of this build (dist/plugins/manifest.json) and resolves once it registered. */
async function loadPlugin(name: string): Promise<void> {
  if (registered[name]) return;
  const files = (await (await fetch('/plugins/manifest.json')).json()) as Record<string, string>;
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `/plugins/${files[name]}`;
    script.nonce = 'harness-nonce';
    script.onload = () => (registered[name] ? resolve() : reject(new Error(`${name} did not register`)));
    script.onerror = () => reject(new Error(`${name}.js failed to load`));
    document.head.appendChild(script);
  });
}

/** A donor embed mounted once by the real loader, whose shared stylesheet the harness adopts. */
let donor: HTMLElement | undefined;

/**
 * Gives `root` the loader's shared stylesheet (where the runtime's goober writes every rule,
 * plugins' included), taken from a real embed; resolves once it is adopted.
 */
async function adoptEmbedStyles(root: ShadowRoot, gifId: string) {
  if (!donor) {
    donor = document.createElement('div');
    donor.setAttribute('data-gif-id', gifId);
    donor.setAttribute('data-width', '160');
    donor.setAttribute('data-height', '90');
    donor.setAttribute('data-hide-related', '');
    donor.setAttribute('data-hide-share', '');
    donor.id = 'style-donor';
    document.body.prepend(donor);
  }
  const started = Date.now();
  while (!donor.shadowRoot?.adoptedStyleSheets.length) {
    if (Date.now() - started > 5000) throw new Error('the loader never mounted the style donor');
    await new Promise((r) => setTimeout(r, 50));
  }
  root.adoptedStyleSheets = [...donor.shadowRoot.adoptedStyleSheets];
}

interface MountOptions {
  /** Which plugin. */
  plugin: 'share' | 'video' | 'related' | 'widget';
  gifId: string;
  /** Size of the embed box the plugin fills, px. */
  width?: number;
  height?: number;
  props?: Record<string, unknown>;
  /** share: mount behind an opener button, as the player's share button does. */
  withOpener?: boolean;
}

let host: HTMLElement | undefined;
let rerender: (extra?: Record<string, unknown>) => void = () => {};

/** Mounts a plugin for `gifId` in a shadow root; resolves with the GIF's id once rendered. */
async function mount(options: MountOptions): Promise<string> {
  hookRegister();
  await loadPlugin(options.plugin);
  // The widget shows the list the related plugin lends it, as the loader's widget view passes it.
  if (options.plugin === 'widget') {
    await loadPlugin('related');
    options = { ...options, props: { List: registered.related.List, ...options.props } };
  }
  const gif: Gif = (await fetchGif(options.gifId)).data;
  const runtime = embed().runtime;
  host = document.createElement('div');
  host.id = 'embed';
  host.style.cssText = `position:relative;width:${options.width ?? 480}px;height:${options.height ?? 270}px;margin:16px;background:#222;`;
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  await adoptEmbedStyles(shadow, options.gifId);
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;inset:0;';
  shadow.appendChild(box);
  const Component = registered[options.plugin].Component;
  let extra: Record<string, unknown> = {};
  let open = !options.withOpener;
  const props = () => ({
    gif,
    theme: 'dark',
    track: (c: string, a: string, l?: string) => log.tracked.push(l === undefined ? [c, a] : [c, a, l]),
    pingback: (action: string, g: Gif, attrs?: Record<string, string>) => log.pings.push([action, g.id, attrs]),
    // The reader's words, as a player gives them: the whole English table here.
    m: EN,
    onClose: () => {
      log.closed++;
      if (options.withOpener) {
        open = false;
        draw();
      }
    },
    onBack: () => log.backs++,
    onActiveChange: (a: boolean) => log.active.push(a),
    mobile: false,
    siteBase: '',
    width: options.width ?? 480,
    open: true,
    fetchRelated: (id: string, request: { offset: number; limit: number }) => related(id, request),
    ...options.props,
    ...extra,
  });
  // The page's one React (the loader's compat), as a player would render the plugin.
  const lent = ([i, j]: [number, number]) => runtime[i][j] as unknown;
  const root = (lent(__CREATE_ROOT_AT__) as (container: Element) => { render(node: unknown): void })(box);
  const draw = () => {
    const h = lent(__CREATE_ELEMENT_AT__) as (type: unknown, props: unknown, ...children: unknown[]) => unknown;
    const opener = options.withOpener
      ? h('button', { id: 'opener', type: 'button', onClick: () => ((open = true), draw()) }, 'Share')
      : null;
    root.render(h('div', { style: { height: '100%' } }, opener, open ? h(Component, props()) : null));
  };
  rerender = (more = {}) => {
    extra = { ...extra, ...more };
    draw();
  };
  draw();
  return gif.id;
}

/** The element inside the embed's shadow root matching `selector`. */
const inEmbed = (selector: string) => host?.shadowRoot?.querySelector(selector) ?? null;

/** The focused element, through the shadow root. */
const focused = () => (document.activeElement === host ? host?.shadowRoot?.activeElement : document.activeElement) ?? null;

Object.assign(window, { harness: { mount, log, inEmbed, focused, rerender: (extra?: Record<string, unknown>) => rerender(extra) } });
