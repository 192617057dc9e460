/**
 * How dist/ is served, written once: the cache rule of each file, the iframe player page's
 * Content-Security-Policy and its rewrite. build.mjs writes them into the files static hosts
 * read (`_headers` and `_redirects` for Netlify and Cloudflare Pages, `vercel.json`,
 * `serve.json` for `npx serve dist`); the local service answers with the same rules.
 */
import { createHash } from 'node:crypto';

/** A file whose name carries its content hash never changes: cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * embed.js, sdk.js and the player page keep their names from build to build: kept five minutes,
 * revalidated after, so a visitor gets a new build within minutes, and embed.js always names
 * the player file of its own build.
 */
export const SHORT_LIVED = 'public, max-age=300, must-revalidate';
/** Everything else (the manifest, the package's modules): asked again each time. */
export const REVALIDATE = 'no-cache';

/** A file under plugins/ named with its content hash (`plugins/share.3f9a1c2b.js`, `plugins/lang-pt-BR.3f9a1c2b.js`). */
const HASHED = /^plugins\/[\w-]+\.[0-9a-f]{8}\.js$/;
const SHORT_FILES = new Set(['embed.js', 'sdk.js', 'embed/index.html']);

/** The Cache-Control of `file`, a path under dist/ (`plugins/share.3f9a1c2b.js`). */
export function cacheControlFor(file) {
  return HASHED.test(file) ? IMMUTABLE : SHORT_FILES.has(file) ? SHORT_LIVED : REVALIDATE;
}

/** The player page's address pattern and the file every such address is answered with. */
export const PLAYER_PAGE_ROUTE = '/embed/:id';
export const PLAYER_PAGE_FILE = '/embed/index.html';

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The player page's policy, from the page itself (`html`): its inline script by hash, and what
 * that script loads ('strict-dynamic': embed.js, the player and plugin files, the YouTube API);
 * its inline style by hash (the embed's own styles are constructed stylesheets, which a policy
 * does not govern); no plugins, no `<base>`, no forms. Images, media and frames may come from
 * anywhere (the API's media hosts, the video providers), and any page may frame it. The
 * settings block is data, not script: editing it keeps the policy valid.
 */
export function playerPagePolicy(html) {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1]));
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]));
  return [
    `script-src ${scripts.join(' ')} 'strict-dynamic'`,
    `style-src ${styles.join(' ') || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The headers of `file` (a path under dist/) when served; `html`: the player page's text. */
export function headersFor(file, html) {
  const headers = { 'Cache-Control': cacheControlFor(file) };
  if (file === PLAYER_PAGE_FILE.slice(1)) {
    headers['Content-Security-Policy'] = playerPagePolicy(html);
    headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
  }
  return headers;
}

/**
 * `serve`'s pattern (minimatch) of every hashed file under plugins/ (HASHED): a name, eight hex
 * digits, `.js`. Its rules file takes at most 50, a build has more hashed files (the player
 * files, the plugins, two per language), and the manifest beside them does not match.
 */
const HASHED_GLOB = `plugins/*.${'[0-9a-f]'.repeat(8)}.js`;

/**
 * The host files for a dist/ of `files` (paths under dist/) whose player page is `html`: name ->
 * text. Each file with a rule other than "revalidate" is named exactly (no wildcard: a
 * manifest beside the hashed files is never cached for good); in `serve.json`, the hashed files
 * by one pattern of their form (HASHED_GLOB), which names no other.
 */
export function hostFiles(files, html) {
  const ruled = files.filter((file) => cacheControlFor(file) !== REVALIDATE).sort();
  const url = (file) => (file === PLAYER_PAGE_FILE.slice(1) ? '/embed/*' : `/${file}`);
  const headers = ruled.map((file) => {
    const lines = Object.entries(headersFor(file, html)).map(([k, v]) => `  ${k}: ${v}`);
    return `${url(file)}\n${lines.join('\n')}`;
  });
  const entries = (toSource, only = ruled) => only.map((file) => ({
    source: toSource(file),
    headers: Object.entries(headersFor(file, html)).map(([key, value]) => ({ key, value })),
  }));
  const hashed = ruled.filter((file) => HASHED.test(file));
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    // Netlify and Cloudflare Pages
    _headers: `# gif-embed: cache rules and the player page's policy (docs/player-page.md)\n${headers.join('\n')}\n`,
    _redirects: `# gif-embed: every /embed/{id} is the one player page (docs/player-page.md)\n/embed/*  ${PLAYER_PAGE_FILE}  200\n`,
    // Vercel (dist/ deployed as the project)
    'vercel.json': json({
      rewrites: [{ source: PLAYER_PAGE_ROUTE, destination: PLAYER_PAGE_FILE }],
      headers: entries((file) => (file === PLAYER_PAGE_FILE.slice(1) ? '/embed/(.*)' : `/${file}`)),
    }),
    // `npx serve dist` (serve-handler's configuration)
    'serve.json': json({
      rewrites: [{ source: PLAYER_PAGE_ROUTE, destination: PLAYER_PAGE_FILE }],
      // The player page answers at each of its addresses as it is, never redirected (serve's
      // clean URLs would send /embed/index.html to /embed/index, then /embed); only the bare
      // folder takes its index.html, for the query form /embed/?id=. No folder is listed.
      cleanUrls: ['/embed', '/embed/'],
      directoryListing: false,
      headers: [
        ...entries((file) => (file === PLAYER_PAGE_FILE.slice(1) ? 'embed/**' : file), ruled.filter((file) => !HASHED.test(file))),
        ...entries(() => HASHED_GLOB, hashed.slice(0, 1)),
      ],
    }),
  };
}
