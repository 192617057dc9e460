/**
 * The snippet builder (examples/snippet.html, built to dist/snippet-builder.js): a blogger pastes
 * a GIF id or a GIF page address and gets the embed code, script, iframe or AMP form, fixed or
 * responsive, dark or light, with a live preview and a copy button. Every piece is the
 * product's own: the id comes out of the address as the loader reads `data-gif-id`, the GIF
 * from the API client, the code from the share menu's embed code functions, and the script tag
 * is the one this page loads the embed with.
 */
import { configure, FetchError, gif as fetchGif, HttpError } from '../../src/api';
import { gifIdFrom } from '../../src/embed/placeholder';
import { readScript } from '../../src/embed/script';
import { withoutTrailingSlashes } from '../../src/text';
import { altText, ampEmbedCode, embedScriptCode, embedSize, embedUrl, iframeEmbedCode, responsiveEmbedCode, scriptEmbedCode, type Gif } from '../../src/model';
import { scriptTagCode } from '../../src/model/share';

/** Messages the builder shows. */
export const NO_ID_MESSAGE = 'That is not a GIF id or a GIF page address.';
export const NOT_FOUND_MESSAGE = 'No GIF has that id.';
export const UNREACHABLE_MESSAGE = 'The GIF service could not be reached. Try again.';
export const COPIED_MESSAGE = 'Copied to the clipboard.';
export const COPY_FAILED_MESSAGE = 'Copying was refused: select the code and copy it yourself.';
/** Typing settles this long before the GIF is asked for. */
const INPUT_SETTLE_MS = 250;

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
const form = $<HTMLFormElement>('#builder');
const source = $<HTMLInputElement>('#source');
const status = $<HTMLElement>('#status');
const code = $<HTMLTextAreaElement>('#code');
const copy = $<HTMLButtonElement>('#copy');
const copied = $<HTMLElement>('#copied');
const preview = $<HTMLElement>('#preview');
const alt = $<HTMLInputElement>('#alt');
const proxy = $<HTMLInputElement>('#proxy');

// The snippet's script tag is the one this page runs the embed with; the API client talks to
// the same service with the same key.
const embedScript = document.querySelector<HTMLScriptElement>('script[data-api-key]');
const script = readScript(embedScript);
configure({ apiBase: script.apiBase, apiKey: script.apiKey, pingbackBase: script.pingbackBase });

let shown: Gif | undefined;
let asked = '';
let timer: ReturnType<typeof setTimeout> | undefined;

/** The choices of the form. */
function choices() {
  const value = (name: string) => (form.elements.namedItem(name) as RadioNodeList).value;
  return { form: value('form'), responsive: value('size') === 'responsive', theme: value('theme') === 'light' ? 'light' as const : 'dark' as const };
}

/** The player page address for `gif` with the form's theme. */
const playerOf = (gif: Gif) => embedUrl(gif.embed_url, { theme: choices().theme === 'light' && 'light' });

/** The first-party proxy's address the form names: an http(s) address, else '' (none, or not one: the field says so). */
function proxyBase(): string {
  const text = withoutTrailingSlashes(proxy.value.trim());
  const valid = !text || (/^https?:\/\/[^/]/.test(text) && URL.canParse(text));
  proxy.setAttribute('aria-invalid', String(!valid));
  return valid ? text : '';
}

/**
 * The embed code for `gif` with the form's choices; `preview`: for this page's preview, whose
 * image comes from the service (a proxy the form names is the reader's site's, not reachable here).
 */
function snippetFor(gif: Gif, preview = false): string {
  const { form: kind, responsive, theme } = choices();
  const base = preview ? '' : proxyBase();
  // Through a proxy: the same script, pointed at it, with no key (the proxy puts it in). (The tag as
  // data is left out only of the mobile player's file; this page's own bundle reads it.)
  const tag = base ? embedScriptCode(embedScript!.src, { 'data-api-base': base }) : scriptTagCode(script.tag!);
  if (kind === 'script') return scriptEmbedCode(gif, { script: tag, responsive, theme, alt: alt.value, mediaBase: base });
  if (kind === 'amp') return ampEmbedCode(gif, playerOf(gif), { responsive });
  return iframeCode(gif, responsive);
}

/** The iframe form of the code for `gif`. */
const iframeCode = (gif: Gif, responsive: boolean) => (responsive ? responsiveEmbedCode(gif, playerOf(gif)) : iframeEmbedCode(gif, playerOf(gif)));

/** Shows the code and its preview; the script form's preview is the placeholder, which the page's own loader turns into a player. */
function render() {
  copied.textContent = '';
  if (!shown) {
    code.value = '';
    copy.disabled = true;
    preview.replaceChildren();
    return;
  }
  const { width, height } = embedSize(shown);
  status.textContent = choices().responsive
    ? `${shown.title || shown.id}: as wide as its column, in the GIF's ${width} × ${height} shape.`
    : `${shown.title || shown.id}, ${width} × ${height} px at fixed size.`;
  const snippet = snippetFor(shown);
  code.value = snippet;
  copy.disabled = !snippet;
  // The markup is ours, every value in it escaped; the script tag is left out (the page has it).
  // An AMP page's element needs AMP's runtime: the preview is the same player page in an iframe.
  const markup = choices().form === 'amp' ? iframeCode(shown, choices().responsive) : snippetFor(shown, true).replace(/\n?<script[^]*$/, '');
  preview.innerHTML = markup;
}

/** Reads the source field: no id, the GIF asked for, or its failure shown. */
function update() {
  const text = source.value.trim();
  const id = text ? gifIdFrom(text) : undefined;
  if (!id) {
    asked = '';
    shown = undefined;
    status.textContent = text ? NO_ID_MESSAGE : '';
    render();
    return;
  }
  if (id === asked) return;
  asked = id;
  status.textContent = `Looking up ${id}…`;
  fetchGif(id).then(
    ({ data }) => {
      if (asked !== id) return;
      shown = data;
      // What the alt would be without the author's words.
      alt.placeholder = altText(data);
      render();
    },
    (error: unknown) => {
      if (asked !== id) return;
      asked = '';
      shown = undefined;
      const code = error instanceof FetchError || error instanceof HttpError ? error.status : 0;
      status.textContent = code === 404 ? NOT_FOUND_MESSAGE : UNREACHABLE_MESSAGE;
      render();
    },
  );
}

/** Copies the code: the clipboard API, else the field's own selection and the copy command. */
async function copyCode() {
  try {
    await navigator.clipboard.writeText(code.value);
    copied.textContent = COPIED_MESSAGE;
  } catch {
    code.focus();
    code.select();
    copied.textContent = document.execCommand('copy') ? COPIED_MESSAGE : COPY_FAILED_MESSAGE;
  }
}

source.addEventListener('input', () => {
  clearTimeout(timer);
  timer = setTimeout(update, INPUT_SETTLE_MS);
});
form.addEventListener('submit', (event) => {
  event.preventDefault();
  clearTimeout(timer);
  update();
});
form.addEventListener('change', (event) => {
  if ((event.target as HTMLInputElement).type === 'radio') render();
});
alt.addEventListener('input', render);
proxy.addEventListener('input', render);
code.addEventListener('focus', () => code.select());
copy.addEventListener('click', copyCode);
update();
