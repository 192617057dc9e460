/**
 * Host layouts: the player fills the box it reserves (data-width/height) in the containers a
 * blog or an ad slot puts it in (a table cell, a float, an inline-block parent, a flex row and
 * column, a grid cell, a narrow column, a page under `* { all: unset }`), with the README's
 * snippet and with the strict-page snippet (no style attribute), never wider than its container.
 * A placeholder nobody can see (0 x 0, display:none, visibility:hidden) is never counted as seen
 * and fires no pixel.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue/items';
import { withEnv, snap, type Env } from './support/harness';
import { openEmbedPage, placeholder, seenUntil, startEvery, waitForState, PLACEHOLDER } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

const W = 300;
const H = 200;

/**
 * The snippets: the README's (inline aspect ratio and width), the older one (aspect ratio and
 * max-width only) and the strict page's (no style attribute).
 */
const SNIPPETS = {
  readme: (id: string, name: string) => placeholder(id, `data-layout="${name}"`, W, H),
  older: (id: string, name: string) =>
    `<div data-gif-id="${id}" data-width="${W}" data-height="${H}" style="aspect-ratio:${W}/${H};max-width:${W}px" data-layout="${name}"><a href="/gifs/${id}">GIF</a></div>`,
  strict: (id: string, name: string) => `<div data-gif-id="${id}" data-width="${W}" data-height="${H}" data-layout="${name}"><a href="/gifs/${id}">GIF</a></div>`,
};

/** Host containers, each wrapping `ph` (a placeholder) the way a page would. */
const LAYOUTS: Record<string, (ph: string) => string> = {
  'table cell': (ph) => `<table><tr><td>${ph}</td><td>a cell of text beside it</td></tr></table>`,
  float: (ph) => `<div style="float:left;margin-right:12px">${ph}</div><p>Text flowing around a floated GIF.</p><div style="clear:both"></div>`,
  'inline-block parent': (ph) => `<span style="display:inline-block">${ph}</span> text after`,
  'flex row': (ph) => `<div style="display:flex;gap:8px">${ph}<p>beside</p></div>`,
  'flex column': (ph) => `<div style="display:flex;flex-direction:column;align-items:flex-start">${ph}</div>`,
  'grid cell': (ph) => `<div style="display:grid;grid-template-columns:1fr 1fr;gap:8px">${ph}<p>other cell</p></div>`,
  'narrow column (200 px)': (ph) => `<div style="width:200px">${ph}</div>`,
};

/** Each placeholder's box, its container's box, and the player's box inside its shadow root. */
function measure() {
  return [...document.querySelectorAll<HTMLElement>('[data-layout]')].map((el) => {
    const box = el.getBoundingClientRect();
    const parent = el.parentElement!.getBoundingClientRect();
    const host = el.shadowRoot ?? el.querySelector('span')?.shadowRoot;
    const player = host?.querySelector('.r')?.getBoundingClientRect();
    const img = host?.querySelector('img')?.getBoundingClientRect();
    const r = (b?: DOMRect) => (b ? [Math.round(b.left), Math.round(b.top), Math.round(b.width), Math.round(b.height)] : null);
    return { layout: el.dataset.layout!, state: el.getAttribute('data-gif-embed-state'), box: r(box), parent: r(parent), player: r(player), img: r(img) };
  });
}

test('the player fills its reserved box in every host layout, with either snippet, never wider than its container', async () => {
  let body = '';
  for (const [snippet, make] of Object.entries(SNIPPETS)) {
    for (const [name, wrap] of Object.entries(LAYOUTS)) body += `<section style="margin:16px">${wrap(make(IDS.plain, `${name} (${snippet})`))}</section>`;
  }
  const { page, close } = await openEmbedPage(env, body);
  const count = Object.keys(SNIPPETS).length * Object.keys(LAYOUTS).length;
  await startEvery(page);
  await waitForState(page, 'ready', count);
  await snap(page, 'embed-host-layouts');
  const problems: string[] = [];
  for (const m of await page.evaluate(measure)) {
    const [, , width, height] = m.box!;
    const [, , parentWidth] = m.parent!;
    const expected = Math.min(W, parentWidth);
    if (m.state !== 'ready') problems.push(`${m.layout}: ${m.state}`);
    if (Math.abs(width - expected) > 1) problems.push(`${m.layout}: ${width} px wide, ${expected} expected (container ${parentWidth})`);
    if (Math.abs(height - Math.round((width * H) / W)) > 1) problems.push(`${m.layout}: ${width}x${height} is not ${W}:${H}`);
    if (JSON.stringify(m.player) !== JSON.stringify(m.box)) problems.push(`${m.layout}: player ${m.player} does not fill the box ${m.box}`);
    if (JSON.stringify(m.img) !== JSON.stringify(m.box)) problems.push(`${m.layout}: GIF ${m.img} does not fill the box ${m.box}`);
  }
  assert.equal(problems, []);
  await close();
});

test('under a host sheet of `* { all: unset }` the player keeps its box and fills it', async () => {
  const body = `<main>${SNIPPETS.readme(IDS.plain, 'all unset (readme)')}</main><main>${SNIPPETS.strict(IDS.plain, 'all unset (strict)')}</main>`;
  const { page, close } = await openEmbedPage(env, body, { head: '<style>* { all: unset } head, script, style { display: none }</style>' });
  await waitForState(page, 'ready', 2);
  for (const m of await page.evaluate(measure)) {
    assert.equal(m.box!.slice(2), [W, H], m.layout);
    assert.equal(m.player, m.box, `${m.layout}: the player fills the box`);
  }
  await close();
});

test('a placeholder nobody can see (0 x 0, display:none, visibility:hidden) is never counted as seen and fires no pixel', async () => {
  const hidden = {
    '0x0': `<div style="width:0;height:0;overflow:hidden">${placeholder(IDS.bottle)}</div>`,
    'display:none': `<div style="display:none">${placeholder(IDS.bottle2)}</div>`,
    'visibility:hidden': `<div style="visibility:hidden">${placeholder(IDS.sticker)}</div>`,
  };
  const { page, close, apiKey } = await openEmbedPage(env, Object.values(hidden).join('') + placeholder(IDS.plain));
  await waitForState(page, 'ready');
  // The visible GIF's SEEN has arrived, and the hidden ones had as long (and 500 ms rechecks) to be counted.
  await seenUntil(env.base, apiKey, (ids) => ids.includes(IDS.plain));
  await page.waitForFunction((t) => performance.now() - t > 1500, await page.evaluate(() => performance.now()));
  const seen = await seenUntil(env.base, apiKey, () => true);
  assert.equal(seen, [IDS.plain], 'only the visible GIF is seen');
  assert.is(await page.evaluate(() => document.head.querySelectorAll('img[data-gif-embed-pixel]').length), 0, 'no pixel fired');
  // Shown later, the display:none one is then seen, with its pixel.
  await page.evaluate(() => ((document.querySelector('[style="display:none"]') as HTMLElement).style.display = 'block'));
  await page.locator(PLACEHOLDER).nth(1).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.head.querySelectorAll('img[data-gif-embed-pixel]').length > 0, null, { timeout: 10_000 });
  const later = await seenUntil(env.base, apiKey, (ids) => ids.includes(IDS.bottle2));
  assert.ok(later.includes(IDS.bottle2), 'seen once visible');
  assert.not.ok(later.includes(IDS.bottle) || later.includes(IDS.sticker), 'the others never');
  await close();
});

test.run();
