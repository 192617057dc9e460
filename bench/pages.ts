/**
 * The pages the benchmark opens, generated per case and served on the local service's own
 * origin (so every side loads the same catalogue GIFs from the same API and media hosts).
 * "ours" is the plain snippet (a placeholder holding a link) and dist/embed.js, or
 * dist/sdk.js for the grid; "progressive" is the snippet the product hands out (the share
 * menu's and the snippet builder's script form: the placeholder's link holds an <img> of the
 * file the player will show); "peer" is @giphy/js-components rendering the very same GIF
 * objects; "img" is the lower bound: a plain <img> of that same file written into the page;
 * "inert" is the same page with a script of embed.js's size beside it that never runs, the
 * physical limit of any page that loads a script (its request shares the line with the GIF's).
 */
export interface CatalogueGif {
  id: string;
  /** The embed's box (the share menu's 480-based size). */
  width: number;
  height: number;
  /** The file the player shows in that box: what the progressive snippet and the plain <img> carry. */
  src: string;
  /** The progressive snippet's placeholder for this GIF, as the share menu writes it (no script tag). */
  snippet: string;
  /** The file the player shows in a small box (SMALL_BOX): what the bare page of small boxes carries. */
  smallSrc: string;
}

/** The pages compared, and the first-party proxy's two runtimes (bench/proxy.ts). */
export type Side = 'ours' | 'progressive' | 'peer' | 'img' | 'inert' | 'node proxy' | 'workerd proxy';

/** The inert script's address (written by bench/run.ts: embed.js inside a function never called). */
export const INERT_SCRIPT = '/bench/inert.js';

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:720px;padding:16px}
.slot{margin:0 0 24px}.spacer{height:40px}</style></head><body><h1 style="font-size:16px">${title}</h1>${body}</body></html>`;

/** Boxes on the first screen (the bench opens pages at 1000x800): their images are fetched at once, the rest lazily. */
const EAGER_BOXES = 3;

/** One box of `side` for `g`, the `i`th on the page: every side's box has the same size. */
function box(side: Side, g: CatalogueGif, i: number): string {
  const { width: w, height: h } = g;
  if (side === 'ours') {
    return `<div class="slot" data-bench-box data-gif-id="${g.id}" data-width="${w}" data-height="${h}" style="aspect-ratio:${w}/${h};width:${w}px;max-width:100%"><a href="/gifs/${g.id}">GIF ${i}</a></div>`;
  }
  if (side === 'progressive') {
    // As the README tells authors of long pages: the snippet as handed out on the first screen,
    // loading="lazy" added to its <img> below it (the same split as the <img> page's).
    const snippet = i >= EAGER_BOXES ? g.snippet.replace('<img ', '<img loading="lazy" ') : g.snippet;
    return snippet.replace('<div ', '<div class="slot" data-bench-box ');
  }
  if (side === 'img' || side === 'inert') {
    // A page written by hand for speed: the first screen eager, the rest lazy.
    return `<div class="slot" data-bench-box><img src="${g.src}" width="${w}" height="${h}" alt="GIF ${i}" decoding="async" ${i >= EAGER_BOXES ? 'loading="lazy"' : ''}></div>`;
  }
  return `<div class="slot" data-bench-box data-id="${g.id}" data-w="${w}" style="width:${w}px;height:${h}px"></div>`;
}

/** A page with one embed per GIF in `gifs`, stacked down a long article. */
export function embedsPage(side: Side, gifs: CatalogueGif[], key: string): string {
  const article = gifs.map((g, i) => `<p>${'Lorem ipsum dolor sit amet. '.repeat(6)}</p>${box(side, g, i)}`).join('\n');
  if (side === 'ours' || side === 'progressive') return shell(side, `${article}<script async src="/embed.js" data-api-key="${key}"></script>`);
  if (side === 'img') return shell('img', article);
  if (side === 'inert') return shell('img + inert script', `${article}<script async src="${INERT_SCRIPT}"></script>`);
  // The peer needs the app to fetch the GIF objects: give it the best case, one ids request.
  return shell('peer', `${article}<script src="/bench/peer.js"></script><script>
(async () => {
  const boxes = [...document.querySelectorAll('[data-bench-box]')];
  const ids = [...new Set(boxes.map((b) => b.dataset.id))].join(',');
  const res = await fetch('/v1/gifs?api_key=${key}&ids=' + ids);
  const { data } = await res.json();
  const byId = new Map(data.map((g) => [g.id, g]));
  for (const box of boxes) GiphyPeer.renderGif({ gif: byId.get(box.dataset.id), width: Number(box.dataset.w) }, box);
})();
</script>`);
}

/** The small boxes' size: 24x18 px with 2 px between, about 1,500 of them on the bench's first screen (1000x800). */
export const SMALL_BOX = { width: 24, height: 18, gap: 2 };
/** More than the first screen holds (38 a row, 40 rows): the bare page's eager images, the rest lazy. */
const EAGER_SMALL_BOXES = 1600;

/**
 * A page of `gifs.length` small boxes wrapping edge to edge (a wall of reaction thumbnails):
 * ours the plain snippet, each box a link; "img" the bare `<img>` of the same file, the first
 * screen eager and the rest lazy.
 */
export function smallBoxesPage(side: 'ours' | 'img', gifs: CatalogueGif[], key: string): string {
  const { width: w, height: h, gap } = SMALL_BOX;
  const boxes = gifs.map((g, i) => side === 'ours'
    ? `<div data-bench-box data-gif-id="${g.id}" data-width="${w}" data-height="${h}" style="width:${w}px;aspect-ratio:${w}/${h}"><a href="/gifs/${g.id}">GIF</a></div>`
    : `<img data-bench-box src="${g.smallSrc}" width="${w}" height="${h}" alt="GIF ${i}" decoding="async"${i >= EAGER_SMALL_BOXES ? ' loading="lazy"' : ''}>`).join('');
  const wall = `<style>body{max-width:none;padding:0}</style><div style="display:flex;flex-wrap:wrap;gap:${gap}px;font:10px/1 system-ui,sans-serif">${boxes}</div>`;
  return side === 'ours' ? shell('ours, small boxes', `${wall}<script async src="/embed.js" data-api-key="${key}"></script>`) : shell('img, small boxes', wall);
}

/** A page with a 4-column grid of the first 50 trending GIFs, 720 px wide. */
export function gridPage(side: 'ours' | 'peer', key: string): string {
  const fetchGifs = `(offset) => fetch('/v1/gifs/trending?api_key=${key}&limit=50&offset=' + offset).then((r) => r.json())`;
  const grid = `<div id="grid" data-bench-box style="width:720px"></div>`;
  if (side === 'ours') {
    return shell('ours grid', `${grid}<script src="/sdk.js"></script><script>
GifEmbedSDK.configure && GifEmbedSDK.configure({ apiBase: location.origin, apiKey: '${key}', pingbackBase: location.origin });
GifEmbedSDK.renderGrid(document.getElementById('grid'), { width: 720, columns: 4, gutter: 6, fetchGifs: ${fetchGifs} });
</script>`);
  }
  return shell('peer grid', `${grid}<script src="/bench/peer.js"></script><script>
GiphyPeer.renderGrid({ width: 720, columns: 4, gutter: 6, fetchGifs: ${fetchGifs} }, document.getElementById('grid'));
</script>`);
}

/**
 * A page whose script mounts and unmounts `cycles` embeds, 10 at a time, each batch until every
 * box shows its GIF (`__cycles`), or without waiting for any image (`__work`). Both
 * sides know the GIFs before the timed cycles start (`__warm`): the peer's page fetched them,
 * ours mounted each once, so the cycles time mounting and unmounting, not the API.
 */
export function cyclesPage(side: 'ours' | 'peer', gifs: CatalogueGif[], key: string, cycles: number): string {
  const ids = JSON.stringify(gifs.map((g) => g.id));
  const common = `
const ids = ${ids};
const host = document.getElementById('host');
const batch = 10;
window.__warm = async () => {
  const boxes = ids.map(mount);
  await __bench.until(() => boxes, true, 10000);
  boxes.forEach(unmount);
};
window.__cycles = async () => {
  for (let n = 0; n < ${cycles}; n += batch) {
    const boxes = [];
    for (let i = 0; i < batch; i++) boxes.push(mount(ids[(n + i) % ids.length]));
    await __bench.until(() => boxes, true, 5000);
    for (const box of boxes) unmount(box);
  }
};
// The same cycles without waiting for any image: the main thread's own cost of mounting ten
// (the microtasks their mounting queued included: ours sets up the mounts of one task together
// before it ends), laying the page out once (what the next frame would do) and unmounting them.
// The peer's lazy files are never asked for here, and ours are already in memory: this is the
// work alone.
window.__work = async () => {
  const t0 = performance.now();
  for (let n = 0; n < ${cycles}; n += batch) {
    const boxes = [];
    for (let i = 0; i < batch; i++) boxes.push(mount(ids[(n + i) % ids.length]));
    await null;
    document.body.getBoundingClientRect();
    for (const box of boxes) unmount(box);
  }
  return performance.now() - t0;
};`;
  const host = `<div id="host" style="width:480px"></div>`;
  if (side === 'ours') {
    return shell('ours cycles', `${host}<script src="/embed.js" data-api-key="${key}"></script><script>${common}
function mount(id) { const d = document.createElement('div'); d.dataset.gifId = id; d.dataset.width = '480'; d.dataset.height = '270'; host.append(d); GifEmbed.mount(d); return d; }
function unmount(d) { GifEmbed.unmount(d); d.remove(); }
</script>`);
  }
  return shell('peer cycles', `${host}<script src="/bench/peer.js"></script><script>
let byId;
const ready = fetch('/v1/gifs?api_key=${key}&ids=' + ${ids}.join(',')).then((r) => r.json()).then(({ data }) => { byId = new Map(data.map((g) => [g.id, g])); });
${common}
const removers = new Map();
function mount(id) { const d = document.createElement('div'); host.append(d); removers.set(d, GiphyPeer.renderGif({ gif: byId.get(id), width: 480 }, d)); return d; }
function unmount(d) { removers.get(d)(); removers.delete(d); d.remove(); }
window.__warm = () => ready;
</script>`);
}

/** The picker's box in the picker pages: a chat box's popover. */
export const PICKER_BOX = { width: 360, height: 480 };

/**
 * A page with a GIF picker in a 360x480 box: ours (`renderPicker` from dist/sdk.js) or the peer
 * (@giphy/react-components' SearchContextManager with its SearchBar, SuggestionBar and Grid, the
 * documented way to build a picker with it, on React 19), both against the local service.
 * `window.__scroller()` is the element the results scroll in, `window.__field()` the search field.
 */
export function pickerPage(side: 'ours' | 'peer', key: string): string {
  const box = `<div id="picker" data-bench-box style="width:${PICKER_BOX.width}px;height:${PICKER_BOX.height}px;border:1px solid #ddd"></div>`;
  if (side === 'ours') {
    return shell('ours picker', `${box}<script src="/sdk.js"></script><script>
GifEmbedSDK.configure({ apiBase: location.origin, apiKey: '${key}', pingbackBase: location.origin });
GifEmbedSDK.renderPicker('#picker', { onSelect() {}, height: ${PICKER_BOX.height} });
window.__scroller = () => document.querySelector('#picker [role=tabpanel]');
window.__field = () => document.querySelector('#picker [role=combobox]');
</script>`);
  }
  // GiphyFetch reads its API address from GIPHY_API_URL: the same catalogue as ours.
  return shell('peer picker', `${box}<script>window.GIPHY_API_URL = location.origin + '/v1/';</script><script src="/bench/peer-picker.js"></script><script>
GiphyPickerPeer.render(document.getElementById('picker'), { apiKey: '${key}', width: ${PICKER_BOX.width}, height: ${PICKER_BOX.height} });
window.__scroller = () => document.querySelector('#picker [data-results]');
window.__field = () => document.querySelector('#picker input');
</script>`);
}

/** The embed.js tag of an example page (examples/*.html), which the peer's version replaces. */
const EMBED_TAG = /<script async src="\/embed\.js"[^>]*><\/script>/;

/**
 * An example page (examples/<name>.html, its HTML) made with @giphy/js-components instead: the
 * same text, boxes and page script, each placeholder (`data-gif-id`, the boxes the page has and
 * those its script adds later, as the ad network's do) rendered by the peer's `renderGif` at its
 * box's width, from one ids request per batch of boxes (the best case, as on the other pages).
 */
export function peerExamplePage(html: string, key: string): string {
  if (!EMBED_TAG.test(html)) throw new Error('bench: the example page has no embed.js tag to replace');
  return html.replace(EMBED_TAG, () => `<script src="/bench/peer.js"></script><script>
(() => {
  const done = new WeakSet();
  const render = async () => {
    const boxes = [...document.querySelectorAll('[data-gif-id]')].filter((box) => !done.has(box));
    if (!boxes.length) return;
    boxes.forEach((box) => done.add(box));
    const ids = [...new Set(boxes.map((box) => box.dataset.gifId))].join(',');
    const { data } = await (await fetch('/v1/gifs?api_key=${key}&ids=' + ids)).json();
    const byId = new Map(data.map((g) => [g.id, g]));
    for (const box of boxes) {
      if (!byId.has(box.dataset.gifId)) continue;
      const width = Math.min(Number(box.dataset.width) || box.clientWidth, box.clientWidth);
      box.textContent = '';
      GiphyPeer.renderGif({ gif: byId.get(box.dataset.gifId), width }, box);
    }
  };
  render();
  new MutationObserver(render).observe(document.body, { childList: true, subtree: true });
})();
</script>`);
}
