/**
 * The oEmbed `html`: what WordPress's own provider writes for a post (wp-includes/embed.php),
 * so every consumer gets what it knows how to use:
 * - a `<blockquote class="wp-embedded-content">` with a link to the GIF page: the fallback where
 *   frames are stripped, and what makes WordPress load its embed script (it does so only for
 *   embed HTML holding that blockquote), which sizes the frame and follows its links;
 * - the iframe player page, its address carrying the secret (`#?secret=`) that pairs the frame's
 *   messages with its blockquote; WordPress puts a secret of its own in both;
 * - last (WordPress's filter expects the blockquote first), a small script for consumers that run
 *   scripts and have no WordPress script of their own: once the frame speaks, the blockquote goes
 *   (so the GIF does not show twice) and the frame takes the height it says. WordPress strips it.
 */
import { iframeEmbedCode, safeUrl, type Gif } from '../model';
import { escapeAttr } from '../model/escape';

/** Characters of the secret, as WordPress makes them (letters and digits, which its script checks). */
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Length of the secret, as WordPress's. */
const SECRET_LENGTH = 10;
/** The tallest height the script gives the frame, as WordPress keeps it within 200..1000. */
const MAX_FRAME_HEIGHT_PX = 1000;

/** A new secret: SECRET_LENGTH letters and digits. */
function newSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(SECRET_LENGTH)), (b) => SECRET_ALPHABET[b % SECRET_ALPHABET.length]).join('');
}

/**
 * The oEmbed html for `gif` at `page` (the GIF page's address, the blockquote's link), framing
 * the player page `player` in a `size` box, the two paired by a new secret. '' when the player's
 * address is not http(s).
 */
export function oembedHtml(gif: Gif, page: string, player: string, size: { width: number; height: number }): string {
  const secret = newSecret();
  const frame = iframeEmbedCode(gif, player && `${player}#?secret=${secret}`, size);
  if (!frame) return '';
  const link = safeUrl(page);
  const quote = `<blockquote class="wp-embedded-content" data-secret="${secret}">${link ? `<a href="${escapeAttr(link)}">${escapeAttr(gif.title || link)}</a>` : escapeAttr(gif.title)}</blockquote>`;
  const script =
    `<script>(function(s){addEventListener("message",function(e){var d=e.data,f=document.querySelector('iframe[data-secret="'+s+'"]');` +
    `if(!d||d.secret!==s||!f||e.source!==f.contentWindow)return;var q=document.querySelector('blockquote[data-secret="'+s+'"]');` +
    `if(q)q.style.display="none";if(d.message==="height"&&d.value>0)f.height=Math.min(d.value,${MAX_FRAME_HEIGHT_PX})})})("${secret}")</script>`;
  return quote + frame.replace('<iframe ', `<iframe data-secret="${secret}" `) + script;
}
