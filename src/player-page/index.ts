/**
 * The iframe player page's own script (dist/embed/index.html, inline; the local service serves
 * the same page): reads the GIF from the page's address and the settings from the page's
 * settings block, writes the placeholder (and, with `?related`, the related widget), loads
 * embed.js from the folder beside the page's, names the page after the GIF once it is known,
 * and tells a framing page its height. Everything else is embed.js's: one player.
 */
import type { ReadyDetail } from '../embed/report';
import { readAddress } from './address';
import { ourGlobal } from '../embed/global';
import { fill, isolate } from '../i18n';
import { tableOf } from '../i18n/languages';
import { reportHeights } from './height';
import { readSettings, SETTING_ATTRIBUTES, SETTINGS_BLOCK_ID } from './settings';

/** The loader's events (src/loader.ts READY_EVENT): this file does not bundle the loader. */
const READY_EVENT = 'gif-embed:ready';

const address = readAddress(location.href);
const settings = readSettings(document.getElementById(SETTINGS_BLOCK_ID)?.textContent);
// The page is in the reader's language, which the player and the widget read from it: `?lang=`,
// else the first of the browser's languages with a table (English without one), never the
// template's English regardless.
document.documentElement.lang = address.lang || navigator.languages?.map(tableOf).find(Boolean) || 'en';

const main = document.querySelector('main')!;
const heading = main.querySelector('h1')!;

const player = document.createElement('div');
player.id = 'giphy-embed';
player.setAttribute('data-gif-id', address.id);
if (address.theme !== 'dark') player.setAttribute('data-theme', address.theme);
main.appendChild(player);

const heights = reportHeights(window, address.id);
if (address.related) {
  // The player above, the related widget below; the page scrolls and is as tall as both.
  document.documentElement.classList.add('related', address.theme);
  player.setAttribute('data-hide-related', '');
  // As wide as the widget; the loader gives it the GIF's ratio (the page's style caps its height).
  player.style.width = '100%';
  const widget = document.createElement('div');
  widget.setAttribute('data-gif-related', address.id);
  if (address.theme !== 'dark') widget.setAttribute('data-theme', address.theme);
  main.appendChild(widget);
  new ResizeObserver(() => heights.report(main.getBoundingClientRect().height)).observe(main);
} else {
  // The player fills the frame; the frame's best height is its width at the GIF's ratio.
  player.style.cssText = 'width:100%;height:100%';
  let ratio = 0;
  const measure = () => ratio && heights.report(innerWidth * ratio);
  player.addEventListener(READY_EVENT, (event) => {
    const { width, height } = (event as CustomEvent<ReadyDetail>).detail;
    ratio = width ? height / width : 0;
    measure();
  });
  addEventListener('resize', measure);
}

type Lent = Pick<typeof import('../embed/lang'), 'languageOf' | 'stringsOf' | 'whenTable'> & Pick<typeof import('../plugin-files'), 'loadPlugin'>;

/** What the player lends once it ran (src/runtime.ts), read by position: the reader's table, and its plugin files. */
function lent(): Lent | undefined {
  const runtime = (ourGlobal() as { runtime?: Record<number, unknown[] | undefined> } | undefined)?.runtime;
  if (!runtime) return undefined;
  const found: Record<string, unknown> = {};
  for (const [name, [i, j]] of Object.entries(__RUNTIME_LENT__)) found[name] = runtime[i]?.[j];
  return found as Lent;
}

player.addEventListener(READY_EVENT, (event) => {
  const { title } = (event as CustomEvent<ReadyDetail>).detail;
  if (!title) return;
  const name = (text: string) => (document.title = heading.textContent = text);
  name(title);
  // With its related GIFs, in the reader's words ("Bouncing Dots und ähnliche GIFs"): once the
  // reader's table and the related plugin (the words' English) are here, as the widget has them.
  const lang = lent();
  if (!address.related || !lang) return;
  void Promise.all([lang.whenTable(lang.languageOf(player)), lang.loadPlugin('related')]).then(() => {
    const words = lang.stringsOf(player).m.withRelated;
    if (words) name(fill(words, isolate(title)));
  });
});

const script = document.createElement('script');
script.async = true;
script.src = new URL('embed.js', address.root).href;
for (const [key, attribute] of Object.entries(SETTING_ATTRIBUTES)) {
  const value = settings[key as keyof typeof settings];
  if (value) script.setAttribute(attribute, value);
}
document.body.appendChild(script);
