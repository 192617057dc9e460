/**
 * The two HTML pages the service renders itself: the full-window iframe player (`/embed/{id}`,
 * what the "Embed code" field hands out) and a minimal GIF page (`/gifs/{slug}`, where "Continue
 * Watching on" leads). Both are a placeholder plus the embed script; the player does the rest.
 * Everything that came from a request or the catalogue is escaped.
 */
import { oembedDiscoveryLink } from '../src/oembed';

/** The site design grid (spec §9: 16 px steps, 1040 px pages), the stylesheet the examples share. */
const SITE_CSS = '<link rel="stylesheet" href="/examples/site.css">';

/** The key the local pages give the embed script; the local API accepts any non-empty key. */
export const LOCAL_API_KEY = 'gif-embed-local-key';

/** Escapes text for HTML text and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function scriptTag(origin: string, nonce = ''): string {
  const o = escapeHtml(origin);
  const n = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  return `<script async src="/embed.js" data-api-key="${LOCAL_API_KEY}" data-api-base="${o}" data-pingback-base="${o}" data-site-base="${o}"${n}></script>`;
}

/**
 * The player's box on the iframe player page, as an inline style: the loader sizes a box by its
 * inline style (a box without one gets the GIF's own size). The page's policy allows this one
 * attribute by its hash.
 */
export const EMBED_PAGE_STYLE_ATTRIBUTE = 'width:100%;height:100%';

/** What the iframe player page takes from its query (`?related`, `?theme=light`). */
export interface EmbedPageOptions {
  /** The related widget below the player. */
  related?: boolean;
  /** The player's theme; anything but 'light' is the default dark. */
  theme?: string | null;
  /** The page's CSP nonce, put on its style and script. */
  nonce?: string;
}

/**
 * The iframe player page for GIF `id`: one placeholder filling the window; with `related`, the
 * player at the top (its own ratio) and the related widget below it, the page scrolling.
 * `origin`: the service origin the page's script should talk to.
 */
export function embedPage(id: string, origin: string, { related = false, theme, nonce = '' }: EmbedPageOptions = {}): string {
  const safeId = escapeHtml(id);
  const themed = theme === 'light' ? ' data-theme="light"' : '';
  const title = related ? `GIF ${safeId} and related GIFs` : `GIF ${safeId}`;
  const [style, body] = related
    ? [
        // The widget keeps the spec's window-minus-30 px rule; the grid's step parts player and widget.
        'html,body{margin:0;padding:0;background:#121212}main{display:flex;flex-direction:column;gap:var(--grid)}',
        `<main>\n<h1 class="sr">${title}</h1>\n<div id="giphy-embed" data-gif-id="${safeId}"${themed} data-hide-related></div>\n<div data-gif-related="${safeId}"${themed}></div>\n</main>`,
      ]
    : [
        'html,body{margin:0;padding:0;width:100%;height:100%;overflow:hidden;background:transparent}#giphy-embed{position:fixed;inset:0;width:100%;height:100%}',
        `<main><h1 class="sr">${title}</h1><div id="giphy-embed" data-gif-id="${safeId}"${themed} style="${EMBED_PAGE_STYLE_ATTRIBUTE}"></div></main>`,
      ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
${SITE_CSS}
<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>${style}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}</style>
</head>
<body>
${body}
${scriptTag(origin, nonce)}
</body>
</html>
`;
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
