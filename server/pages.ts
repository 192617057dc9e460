/**
 * The HTML pages of the service: the full-window iframe player (`/embed/{id}`, what the "Embed
 * code" field hands out), which is dist/'s own page with this service's settings, and a minimal
 * GIF page (`/gifs/{slug}`, where "Continue Watching on" leads), a placeholder plus the embed
 * script. Everything that came from a request or the catalogue is escaped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oembedDiscoveryLink } from '../src/oembed';
import { withSettings } from '../src/player-page/settings';
import { PLAYER_PAGE_FILE } from '../scripts/static-host.mjs';

/** The site design grid (spec §9: 16 px steps, 1040 px pages), the stylesheet the examples share. */
const SITE_CSS = '<link rel="stylesheet" href="/examples/site.css">';

/** The key the local pages give the embed script; the local API accepts any non-empty key. */
export const LOCAL_API_KEY = 'gif-embed-local-key';

/** Escapes text for HTML text and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function scriptTag(origin: string): string {
  const o = escapeHtml(origin);
  return `<script async src="/embed.js" data-api-key="${LOCAL_API_KEY}" data-api-base="${o}" data-pingback-base="${o}" data-site-base="${o}"></script>`;
}

/**
 * The iframe player page (`/embed/{id}`, `/embed/?id={id}`): the very page dist/ ships
 * (dist/embed/index.html, built from src/player-page), with this service's settings written
 * into its settings block, as a team writes its own. `root`: the project's folder.
 */
export function playerPage(root: string, origin: string): string {
  const html = readFileSync(join(root, 'dist', PLAYER_PAGE_FILE), 'utf8');
  return withSettings(html, { apiKey: LOCAL_API_KEY, apiBase: origin, pingbackBase: origin, siteBase: origin });
}

/**
 * The GIF page: title, the GIF at its own size, and its embed code; its head names the oEmbed
 * provider for CMSs that are given its address (`pageUrl`).
 * `gif`: what is known (from the catalogue; in proxy mode only the id).
 */
export function gifPage(gif: { id: string; title?: string; width?: number; height?: number }, origin: string, pageUrl: string): string {
  const id = escapeHtml(gif.id);
  const title = escapeHtml(gif.title || 'GIF');
  const box = gif.width && gif.height
    ? ` data-width="${gif.width}" data-height="${gif.height}" style="aspect-ratio:${gif.width}/${gif.height};max-width:${gif.width}px"`
    : '';
  const embedCode = `<iframe src="${origin}/embed/${gif.id}" width="480" height="480" frameborder="0" allowfullscreen></iframe>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
${oembedDiscoveryLink(pageUrl, origin, gif.title || 'GIF')}
${SITE_CSS}
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif}main{padding-block:calc(2 * var(--grid))}textarea{box-sizing:border-box;width:100%;font:13px monospace}</style>
</head>
<body>
<main class="site">
<h1>${title}</h1>
<div data-gif-id="${id}"${box}></div>
<p><label>Embed code<br><textarea readonly rows="3">${escapeHtml(embedCode)}</textarea></label></p>
</main>
${scriptTag(origin)}
</body>
</html>
`;
}
