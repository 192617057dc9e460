/**
 * Viewability an advertiser can trust (src/analytics/viewability.ts): a sponsored GIF sends its
 * billed SEEN and fires its pixels only when a visitor can see it. Each case is its own page
 * view: the sponsored placeholder as the case has it, beside a plain GIF in plain view whose
 * SEEN (sent after the 1 s debounce) marks the time by which the sponsored one's would have come
 * (it is sent at once).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue/items';
import { openEmbedPage, pingbackActions, placeholder, waitForState, type EmbedPage } from './embed-page';
import { withEnv, type Env } from './support/harness';

let env: Env;
withEnv(test, (e) => (env = e), { reset: true });

/** The pixel hits the service recorded (the sponsored GIF's own and the placement's data-pixel). */
async function pixelHits(base: string): Promise<unknown[]> {
  const res = await fetch(`${base}/_local/pixels`);
  return ((await res.json()) as { pixels: unknown[] }).pixels;
}

/** Waits (polling the service) until `done` holds for the SEEN pingbacks of every key, or `timeout`. */
async function seenActions(base: string, done: (seen: { gif_id: string; tid?: string }[]) => boolean, timeout = 15_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const seen = (await pingbackActions(base)).filter((a) => a.action_type === 'SEEN');
    if (done(seen) || Date.now() > until) return seen;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The sponsored placement: the sponsored GIF with a data-pixel of its own, and `attrs`. */
const sponsored = (attrs = '', width = 480, height = 360) =>
  placeholder(IDS.bottle, `data-pixel='<img src="${SERVICE}/_local/pixel?placement=1">' ${attrs}`, width, height);
/** Stands for the service's origin in CASES (made before the service starts). */
const SERVICE = '__SERVICE__';
/** The control beside it, in plain view. */
const control = placeholder(IDS.plain);
const SIDE_BY_SIDE = 'display:flex;gap:8px;align-items:flex-start';

/** Each case: its markup (the sponsored placement in it) and whether it is seen. */
const CASES: [string, string, boolean][] = [
  ['in plain view', sponsored(), true],
  ['moved by a transform (translateX)', `<div style="transform:translateX(20px)">${sponsored()}</div>`, true],
  ['opacity:0.01', `<div style="opacity:0.01">${sponsored()}</div>`, false],
  ['filter:opacity(0)', `<div style="filter:opacity(0)">${sponsored()}</div>`, false],
  ['a transparent mask-image', `<div style="mask-image:linear-gradient(transparent,transparent);-webkit-mask-image:linear-gradient(transparent,transparent)">${sponsored()}</div>`, false],
  ['covered by an opaque sibling', `<div style="position:relative">${sponsored()}<div style="position:absolute;inset:0;background:#fff"></div></div>`, false],
  ['transform:scale(0.005)', `<div style="transform:scale(0.005);transform-origin:0 0">${sponsored()}</div>`, false],
  ['inside a 1x1 overflow:hidden box', `<div style="width:1px;height:1px;overflow:hidden">${sponsored()}</div>`, false],
  ['a 2x2 px box', sponsored('', 2, 2), false],
  ['opacity:0', `<div style="opacity:0">${sponsored()}</div>`, false],
  ['visibility:hidden', `<div style="visibility:hidden">${sponsored()}</div>`, false],
  ['clip-path:inset(50%)', `<div style="clip-path:inset(50%)">${sponsored()}</div>`, false],
];

for (const [what, markup, seen] of CASES) {
  test(`sponsored GIF ${what}: ${seen ? 'SEEN with its tid, and its pixels fire' : 'no SEEN, no pixel'}`, async () => {
    const page: EmbedPage = await openEmbedPage(env, `<div style="${SIDE_BY_SIDE}">${control}${markup.replaceAll(SERVICE, env.base)}</div>`);
    try {
      await waitForState(page.page, 'ready', 2);
      const actions = await seenActions(env.base, (all) => all.some((a) => a.gif_id === IDS.plain) && (!seen || all.some((a) => a.gif_id === IDS.bottle)));
      assert.ok(actions.some((a) => a.gif_id === IDS.plain), 'the control was seen');
      const billed = actions.filter((a) => a.gif_id === IDS.bottle);
      assert.is(billed.length, seen ? 1 : 0, `SEEN of the sponsored GIF ${what}`);
      if (seen) assert.is(billed[0].tid, 'tidLocalCampaign01');
      const hits = await pixelHits(env.base);
      // The GIF's own pixel (bottle_data) and the placement's data-pixel.
      if (seen) assert.is(hits.length, 2, `its pixels fired (${hits.length})`);
      else assert.is(hits.length, 0, 'no pixel fired');
    } finally {
      await page.close();
    }
  });
}

/** The iframe player page for the sponsored GIF, as the embed code hands it out, styled by the host. */
const frame = (style: string, width = 480, height = 360) => `<iframe src="/embed/${IDS.bottle}" width="${width}" height="${height}" style="border:0;${style}" title="GIF"></iframe>`;
const FRAME_CASES: [string, string, boolean][] = [
  ['an iframe player page in plain view', frame(''), true],
  ['an iframe player page whose iframe is opacity:0', frame('opacity:0'), false],
  ['an iframe player page in a 2x2 iframe', frame('', 2, 2), false],
];

for (const [what, markup, seen] of FRAME_CASES) {
  test(`${what}: ${seen ? 'SEEN' : 'no SEEN, no pixel'}`, async () => {
    const page = await openEmbedPage(env, `<div style="${SIDE_BY_SIDE}">${control}${markup}</div>`);
    try {
      await waitForState(page.page, 'ready', 1);
      await page.page.frameLocator('iframe').locator('[data-gif-embed-state="ready"]').waitFor({ state: 'attached' });
      const actions = await seenActions(env.base, (all) => all.some((a) => a.gif_id === IDS.plain) && (!seen || all.some((a) => a.gif_id === IDS.bottle)));
      assert.ok(actions.some((a) => a.gif_id === IDS.plain), 'the control was seen');
      assert.is(actions.filter((a) => a.gif_id === IDS.bottle).length, seen ? 1 : 0);
      if (!seen) assert.is((await pixelHits(env.base)).length, 0, 'no pixel fired');
    } finally {
      await page.close();
    }
  });
}

test('a sponsored placeholder taken out and put back 5 times (300 ms apart): one SEEN, with its tid, in the page view', async () => {
  const page = await openEmbedPage(env, `<div id="spot">${sponsored()}</div>`);
  try {
    await waitForState(page.page, 'ready', 1);
    await seenActions(env.base, (all) => all.some((a) => a.gif_id === IDS.bottle));
    for (let i = 0; i < 5; i++) {
      await page.page.evaluate(async () => {
        const el = document.querySelector('#spot > [data-gif-id]')!;
        el.remove();
        await new Promise((resolve) => setTimeout(resolve, 300));
        document.getElementById('spot')!.appendChild(el);
      });
      await page.page.waitForFunction(() => document.querySelector('#spot > [data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
    }
    // A plain GIF added last: its SEEN (debounced) comes after any the remounts would have sent.
    await page.page.evaluate((html) => document.body.insertAdjacentHTML('afterbegin', html), control);
    const actions = await seenActions(env.base, (all) => all.some((a) => a.gif_id === IDS.plain));
    assert.ok(actions.some((a) => a.gif_id === IDS.plain));
    const billed = (await pingbackActions(env.base, page.apiKey)).filter((a) => a.action_type === 'SEEN' && a.gif_id === IDS.bottle);
    assert.is(billed.length, 1);
  } finally {
    await page.close();
  }
});

test.run();
