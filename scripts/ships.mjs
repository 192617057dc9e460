/**
 * What ships where, declared once; build.mjs reads it and nothing else decides it.
 *
 * SWAPS: in the files a browser downloads, a module is sometimes another one, smaller or fitted to
 * that file, whoever imports it. EMBED_LENT: the modules embed.js lends the player file, which
 * every page downloads after it (through `window.GifEmbed.start.lent`), so the two carry them once. LENT: the modules the player file lends the plugin files (and
 * the player page) through `window.GifEmbed.runtime`, so each page has one copy of them. Which of
 * their names are lent is not listed by hand: the build reads what the plugin files import of
 * them (see lentNames in build.mjs), and PAGE_READS adds what the player page reads.
 */

/** Each swap: in `files` (the bundles), the module `module` is `ships` instead, because `why`. */
export const SWAPS = [
  {
    files: ['player'],
    module: 'src/analytics/cmp.ts',
    ships: 'src/embed/cmp.ts',
    why: 'the code that talks to a consent platform is the cmp plugin file, fetched only on a page that has one',
  },
  {
    files: ['player'],
    module: 'src/analytics/pixels.ts',
    ships: 'src/embed/pixels.ts',
    why: 'tracking pixels are fired by the pixels plugin file, fetched at the first GIF seen with one',
  },
  {
    files: ['player'],
    module: 'src/analytics/track-event.ts',
    ships: 'src/embed/track-event.ts',
    why: "the events for the page's dataLayer, gtag and ga are the events plugin file, fetched at the first event on a page that has one",
  },
  {
    files: ['player'],
    module: 'src/i18n/load.ts',
    ships: 'src/embed/lang-files.ts',
    why: 'a script has no chunks: a table other than English is a language file in plugins/',
  },
  {
    files: ['sdk'],
    module: 'src/i18n/load.ts',
    ships: 'src/sdk/lang-files.ts',
    why: 'the same for sdk.js: the language files beside it',
  },
  {
    files: ['player'],
    module: 'src/api/send.ts',
    ships: 'src/embed/send.ts',
    why: "the first screen's GIFs are asked for by embed.js while the player file comes: the player's request for the same address reads that answer",
  },
  {
    files: ['player'],
    module: 'goober',
    ships: 'src/embed/goober.ts',
    why: 'rules go into the shared shadow stylesheet, not the host page\'s <head> (the plugin files take it from the runtime)',
  },
];

/**
 * The modules embed.js lends the player file, in the order of their index in `start.lent`: the
 * player file calls embed.js's copy of each name it uses of them (build.mjs reads which), and
 * lends the plugin files that copy where LENT names the module too, so there is no second copy
 * whose state could differ. A lent name is read once, as a value: a module whose exported
 * bindings change (`export let`) cannot be lent. The model's normalisation of renditions and their
 * choice, with the debug log and the environment a refused URL is logged through, are embed.js's
 * for its pictures of the first screen (src/embed/early-picture.ts).
 */
export const EMBED_LENT = [
  'src/dom.ts',
  'src/embed/global.ts',
  'src/embed/eager-images.ts',
  'src/text.ts',
  'src/plugin-names.ts',
  'src/embed/own-script.ts',
  'src/embed/placeholder-attribute.ts',
  'src/env.ts',
  'src/query.ts',
  'src/debug.ts',
  'src/model/coerce.ts',
  'src/model/media-host.ts',
  'src/model/safe-url.ts',
  'src/model/images.ts',
  'src/model/rendition-choice.ts',
  'src/ui/motion.ts',
];

/** The modules the player file lends, in the order of their index in the runtime. */
export const LENT = [
  'react',
  'react/jsx-runtime',
  'react-dom/client',
  'goober',
  'src/analytics/index.ts',
  'src/analytics/consent.ts',
  'src/analytics/error-report.ts',
  'src/analytics/viewability.ts',
  'src/api/gif-list.ts',
  'src/debug.ts',
  'src/embed/lang.ts',
  'src/embed/shadow.ts',
  'src/embed/styles.ts',
  'src/env.ts',
  'src/i18n/index.ts',
  'src/model/index.ts',
  'src/model/alt.ts',
  'src/model/escape.ts',
  'src/model/renditions.ts',
  'src/model/safe-url.ts',
  'src/player/focus.ts',
  'src/player/icons.tsx',
  'src/player/links.ts',
  'src/player/PauseButton.tsx',
  'src/player/tracking.ts',
  'src/plugin-files.ts',
  'src/query.ts',
  'src/sdk/use-observers.ts',
  'src/shared-observers.ts',
  'src/ui/index.ts',
];

/** What the iframe player page (src/player-page/index.ts) reads of the runtime once the player ran: it is no plugin file. */
export const PAGE_READS = {
  'src/embed/lang.ts': ['languageOf', 'stringsOf', 'whenTable'],
  'src/plugin-files.ts': ['loadPlugin'],
};
