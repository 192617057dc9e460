/**
 * Failures stay inside the embed: unknown or malformed ids, API 500, malformed JSON and a
 * missing plugin file each give that embed's error view or a degraded feature, the host page's
 * own script keeps running, and nothing reaches window.onerror. Also: a hostile host stylesheet
 * does not change a single pixel of the player.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { IDS } from '../../server/catalogue/items';
import { DESKTOP, afterPageTimer, eventually, frames, withEnv, snap, type Env } from './support/harness';
import { runtimeAt } from './support/runtime-key';
import {
  armFailure, openEmbedPage, placeholder, playerRoot, pluginCalls, uncaught, waitForState, PLACEHOLDER } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

/** A host script that keeps ticking: proves the page's own code still runs. */
const hostTicker = `<script>window.__ticks = 0; setInterval(() => window.__ticks++, 50);</script>`;

async function errorText(page: import('playwright-core').Page, selector: string) {
  return page.locator(selector).locator('.er p').textContent();
}

test('unknown id and malformed id: that embed shows its error view, the others play', async () => {
  const body = hostTicker + placeholder(IDS.plain, 'id="ok"', 300, 225) + placeholder('NoSuchGif404x', 'id="unknown"', 300, 225) +
    placeholder('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;', 'id="bad"', 300, 225) + '<div id="noid" data-gif-id="" data-width="300" data-height="225"><a href="/">fallback</a></div>';
  const { page, close, errors } = await openEmbedPage(env, body);
  await waitForState(page, 'ready', 1);
  await waitForState(page, 'error', 3);
  assert.is(await errorText(page, '#unknown'), 'This GIF could not be found.');
  // Each embed says its state once, politely, in its own live region.
  const said = (sel: string) => page.locator(sel).evaluate((el) => el.shadowRoot?.querySelector('.sr[role="status"]')?.textContent);
  assert.is(await said('#unknown'), 'This GIF could not be found.');
  assert.is(await said('#ok'), 'GIF loaded');
  // Asking again cannot help an id the service does not know, nor a malformed one.
  assert.is(await page.locator('#unknown button, #bad button, #noid button').count(), 0);
  assert.is(await errorText(page, '#bad'), 'This embed has no valid GIF id.');
  assert.is(await errorText(page, '#noid'), 'This embed has no valid GIF id.');
  // The fallback link stays visible inside the error view.
  assert.ok(await page.locator('#unknown a').isVisible());
  await snap(page, 'embed-errors');
  const ticks = await page.evaluate(() => (window as unknown as { __ticks: number }).__ticks);
  assert.ok(ticks > 3, 'the host page script keeps running');
  assert.equal(await uncaught(page), []);
  assert.equal(errors.filter((e) => !e.includes('404')), []);
  await close();
});

test('API 500, 401, 400 and malformed JSON: each its message, "Try again" only where trying again may help, no uncaught error; a later mount asks again and plays', async () => {
  const cases: [failure: string, message: string, retry: boolean][] = [
    ['status=500', 'This GIF could not be loaded.', true],
    ['status=401', 'This GIF could not be loaded.', false],
    ['status=400', 'This GIF could not be loaded.', false],
    ['mode=malformed', 'The GIF service sent an answer that could not be read.', false],
  ];
  for (const [failure, message, retry] of cases) {
    await armFailure(env.base, failure);
    const { page, close } = await openEmbedPage(env, hostTicker + placeholder(IDS.plain));
    await waitForState(page, 'error');
    assert.is(await errorText(page, '[data-gif-id]'), message, failure);
    assert.is(await page.locator(PLACEHOLDER).getByRole('button', { name: 'Try again' }).count(), retry ? 1 : 0, `${failure}: "Try again"`);
    assert.equal(await uncaught(page), [], failure);
    // The failure was not remembered: the same id mounts fine once the service answers.
    await page.evaluate((id) => {
      const el = document.createElement('div');
      el.setAttribute('data-gif-id', id);
      el.setAttribute('data-width', '300');
      el.setAttribute('data-height', '225');
      document.body.appendChild(el);
    }, IDS.plain);
    await waitForState(page, 'ready');
    await close();
  }
});

test('a failure that may pass offers "Try again": pressed with the keyboard, the GIF loads in place', async () => {
  // One 500 (not retried by the client); the service is fine again afterwards.
  await armFailure(env.base, 'status=500');
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(page, 'error');
  const retry = page.locator(PLACEHOLDER).getByRole('button', { name: 'Try again' });
  assert.is(await retry.count(), 1);
  await retry.focus();
  await page.keyboard.press('Enter');
  await waitForState(page, 'ready');
  assert.is(await page.locator(PLACEHOLDER).locator('.er').count(), 0, 'the error view is gone');
  assert.equal(await uncaught(page), []);
  await close();
});

test('plugin 404: the share feature degrades (button gone), the player and the related grid keep working', async () => {
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.plain), {
    prepare: (context) => context.route('**/plugins/share.*.js', (route) => route.fulfill({ status: 404, body: 'not found' })),
  });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  // The share file's 404 has come back, the chrome is in and the related grid shows.
  await eventually(() => requests.find((r) => /\/plugins\/share\./.test(r.url()))?.response(), 'the share plugin\'s answer');
  await root.locator('a.cta').waitFor();
  await root.locator('.rl').waitFor();
  await frames(page);
  assert.is(await root.getByRole('button', { name: 'Share' }).count(), 0, 'share button removed');
  assert.ok((await root.locator('.rl').count()) === 1, 'related grid still there');
  assert.is(await page.locator(PLACEHOLDER).getAttribute('data-gif-embed-state'), 'ready');
  assert.equal(await uncaught(page), []);
  await close();
});

test('chrome plugin 404: the player keeps its GIF and pause/play control, the page is untouched', async () => {
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.plain), {
    prepare: (context) => context.route('**/plugins/chrome.*.js', (route) => route.fulfill({ status: 404, body: 'not found' })),
  });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await eventually(() => requests.find((r) => /\/plugins\/chrome\./.test(r.url()))?.response(), 'the chrome plugin\'s answer');
  await frames(page);
  assert.equal(pluginCalls(requests), ['chrome']);
  assert.is(await root.getByRole('button', { name: 'Pause' }).count(), 1, 'pause/play still there');
  assert.is(await root.locator('a.g img').count(), 1, 'GIF still shown');
  assert.is(await page.locator(PLACEHOLDER).getAttribute('data-gif-embed-state'), 'ready');
  assert.equal(await uncaught(page), []);
  await close();
});

test('player file 404 (or blocked): the snippets keep their own content, one warning says so, and a later GifEmbed call asks again', async () => {
  let refused = 0;
  const warnings: string[] = [];
  const { page, close } = await openEmbedPage(env, hostTicker + placeholder(IDS.plain, 'id="ok"'), {
    prepare: async (context) => {
      context.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
      await context.route('**/plugins/player-*.js', (route) => (refused++ ? route.continue() : route.fulfill({ status: 404, body: 'not found' })));
    },
  });
  await eventually(() => warnings.some((w) => w.includes('player file did not load')), 'the warning that the player file did not load');
  assert.is(refused, 1);
  assert.is(await page.locator('#ok').getAttribute('data-gif-embed-state'), null, 'no player');
  assert.ok(await page.locator('#ok a').isVisible(), 'the snippet\'s link is on screen');
  assert.is(warnings.filter((w) => w.includes('player file did not load')).length, 1, warnings.join('\n'));
  assert.ok(await page.evaluate(() => (window as unknown as { __ticks: number }).__ticks > 0), 'the page\'s own script runs');
  // The network is back: the page's next call brings the player, which makes it.
  await page.evaluate(() => (window as unknown as { GifEmbed: { scan(): void } }).GifEmbed.scan());
  await waitForState(page, 'ready');
  assert.is(refused, 2);
  assert.equal(await uncaught(page), []);
  await close();
});

test('a plugin that throws while rendering takes down only its feature', async () => {
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.plain), {
    prepare: (context) =>
      context.route('**/plugins/related.*.js', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `GifEmbed.register('related', { Component: function () { throw new Error('related exploded'); } });`,
        }),
      ),
  });
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await eventually(() => requests.find((r) => /\/plugins\/related\./.test(r.url()))?.response(), 'the related plugin\'s answer');
  const root = playerRoot(page);
  await root.locator('a.cta').waitFor();
  await frames(page);
  assert.is(await root.count(), 1, 'player still shown');
  assert.is(await root.locator('a.cta').count(), 1);
  assert.equal(await uncaught(page), []);
  await close();
});

test('hostile host CSS: the player box renders the same pixels as on a plain page', async () => {
  const device = { ...DESKTOP, reducedMotion: 'reduce' as const };
  const shots: Buffer[] = [];
  for (const path of ['hostile', 'plain']) {
    const head = path === 'hostile'
      ? `<style>body, body * { all: unset; } img { border: 10px solid red !important; } div { display: flex; } a { color: lime; font: 30px/3 cursive; letter-spacing: 6px; } button, svg, span { background: yellow; padding: 20px; }</style>`
      : '';
    const { page, close } = await openEmbedPage(env, `<div class="wrap">${placeholder(IDS.plain, 'data-hide-related')}</div>`, { device, head });
    await waitForState(page, 'ready');
    const el = page.locator(PLACEHOLDER);
    const box = (await el.boundingBox())!;
    assert.is(Math.round(box.width), 480, `${path}: box width`);
    assert.is(Math.round(box.height), 360, `${path}: box height`);
    // Chrome shown (hover), reduced motion so the GIF sits still on its first frame; no related
    // grid, whose tiles are animated GIFs of their own.
    await page.mouse.move(box.x + 100, box.y + 100);
    // Settled: the chrome is in, every image decoded, no animation or transition running.
    await page.waitForFunction(() => {
      const root = document.querySelector('[data-gif-id]')?.shadowRoot?.querySelector('.r');
      // The chrome shown (150 ms after the pointer came, later on a busy machine), its controls in.
      if (!root?.classList.contains('h') || !root.querySelector('[aria-label="Share"]')) return false;
      if (![...root.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0)) return false;
      return root.getAnimations({ subtree: true }).every((a) => a.playState !== 'running');
    });
    // And painted: two screenshots in a row agree (a first paint may still be settling its layers).
    let shot = await el.screenshot({ animations: 'disabled', caret: 'hide' });
    for (let tries = 0; tries < 20; tries++) {
      const again = await el.screenshot({ animations: 'disabled', caret: 'hide' });
      if (again.equals(shot)) break;
      shot = again;
    }
    shots.push(shot);
    await snap(page, `embed-${path}-css`);
    await close();
  }
  if (!shots[0].equals(shots[1])) {
    mkdirSync('test-results', { recursive: true });
    shots.forEach((shot, i) => writeFileSync(`test-results/embed-css-player-${['hostile', 'plain'][i]}.png`, shot));
  }
  assert.ok(shots[0].equals(shots[1]), 'identical player pixels with and without the hostile sheet (both in test-results/embed-css-player-*.png)');
});

test('a plugin whose click handler throws: the error stays in the embed, nothing reaches window.onerror', async () => {
  const plugin = `(() => {
    const jsx = GifEmbed.runtime[${runtimeAt('react/jsx-runtime', 'jsx').join('][')}];
    GifEmbed.register('related', { Component: () => jsx('button', { id: 'boom', onClick: () => { throw new Error('handler exploded'); }, children: 'boom' }) });
  })();`;
  const { page, close, errors } = await openEmbedPage(env, hostTicker + placeholder(IDS.plain), {
    prepare: (context) => context.route('**/plugins/related.*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: plugin })),
  });
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const boom = playerRoot(page).locator('#boom');
  await boom.waitFor();
  await boom.click();
  // Anything rethrown later would be in a task after the click's.
  await afterPageTimer(page, 0);
  assert.equal(await uncaught(page), []);
  assert.equal(errors.filter((e) => e.includes('handler exploded')), []);
  assert.ok(await page.evaluate(() => (window as unknown as { __ticks: number }).__ticks > 0));
  await close();
});

/** Milliseconds from navigation to the page's first gif-embed:ready or :error, measured in the page. */
const settledAt = (page: import('playwright-core').Page, state: 'ready' | 'error') =>
  page.evaluate((s) => new Promise<number>((resolve) => {
    const done = () => resolve(performance.now());
    if (document.querySelector(`[data-gif-embed-state="${s}"]`)) done();
    else document.addEventListener(`gif-embed:${s}`, done, { once: true });
  }), state);

test('429 with Retry-After: 1 is asked again after a second, and the GIF plays', async () => {
  await armFailure(env.base, 'status=429&retry_after=1&path=/v1/gifs');
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.plain));
  const at = await settledAt(page, 'ready');
  const asks = requests.filter((r) => new URL(r.url()).pathname === '/v1/gifs');
  assert.is(asks.length, 2, 'asked twice');
  assert.ok(at >= 1000, `ready ${Math.round(at)} ms after navigation, after the second`);
  await close();
});

test('a hung API ends in the error view at the client timeout, not minutes later', async () => {
  await armFailure(env.base, 'delay=20000&path=/v1/gifs');
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain));
  const at = await settledAt(page, 'error');
  assert.ok(at >= 10_000 && at < 15_000, `error view ${Math.round(at)} ms after navigation (10 s timeout)`);
  assert.is(await errorText(page, PLACEHOLDER), 'This GIF could not be loaded.');
  assert.equal(await uncaught(page), []);
  await close();
});

test('a media file that fails gives way to another file; when none loads, the error view, never ready with a broken image', async () => {
  await armFailure(env.base, `status=404&path=/media/${IDS.plain}/&times=1`);
  const first = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(first.page, 'ready');
  const img = playerRoot(first.page).locator('img').first();
  await first.page.waitForFunction(
    (el) => !!el && (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
    await img.elementHandle(),
  );
  await first.close();

  await armFailure(env.base, `status=404&path=/media/${IDS.plain}/&times=200`);
  const second = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(second.page, 'error');
  assert.is(await errorText(second.page, PLACEHOLDER), 'This GIF could not be loaded.');
  assert.is(await playerRoot(second.page).locator('img').count(), 0, 'no broken image left');
  assert.equal(await uncaught(second.page), []);
  await second.close();
});

/**
 * A blog at an address without a port (error reports are sent only from such pages). Everything
 * else under that address (embed.js, the API, the envelope endpoint) is passed on to the local
 * service, as a site proxying its GIF host would: a public page may not reach a loopback port.
 */
async function portlessBlog(sampled: '1' | '0', body: string, query = '') {
  const context = await env.browser.newContext(DESKTOP);
  const blog = 'http://blog.example';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>blog</title></head><body>${body}
<script async src="${blog}/embed.js" data-api-key="err-key" data-error-dsn="http://errkey@blog.example/42"></script></body></html>`;
  await context.route(`${blog}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/post.html') return route.fulfill({ contentType: 'text/html', body: html });
    return route.fulfill({ response: await route.fetch({ url: env.base + url.pathname + url.search }) });
  });
  const page = await context.newPage();
  // This session's sampling decision, as an earlier page of the session made it.
  await page.addInitScript((value) => sessionStorage.setItem('gif-embed:error-sampled', value), sampled);
  await page.goto(`${blog}/post.html${query}`);
  return { page, close: () => context.close() };
}

const errorReports = async () => ((await (await fetch(`${env.base}/_local/errors`)).json()) as { errors: { project: string; key: string; event: { tags: { where: string }; exception: { values: { type: string; value: string }[] }; request: { url: string } } }[] }).errors;

test('error reports: an API answer the embed cannot read goes to the data-error-dsn service as a Sentry envelope, from a sampled session on a page without a port', async () => {
  await fetch(`${env.base}/_local/errors`, { method: 'DELETE' });
  await armFailure(env.base, 'mode=malformed&path=/v1/gifs');
  const sampled = await portlessBlog('1', placeholder(IDS.plain));
  await waitForState(sampled.page, 'error');
  let reports = await errorReports();
  for (let i = 0; i < 50 && !reports.length; i++) {
    await new Promise((r) => setTimeout(r, 100));
    reports = await errorReports();
  }
  assert.is(reports.length, 1, 'one report');
  const [report] = reports;
  assert.equal([report.project, report.key], ['42', 'errkey']);
  assert.is(report.event.tags.where, 'api');
  assert.is(report.event.exception.values[0].type, 'FetchError');
  assert.is(report.event.request.url, 'http://blog.example/post.html');
  await sampled.close();

  // The same failure in a session that was not sampled, and on a page with a port: nothing sent.
  await armFailure(env.base, 'mode=malformed&path=/v1/gifs');
  const unsampled = await portlessBlog('0', placeholder(IDS.plain));
  await waitForState(unsampled.page, 'error');
  await unsampled.close();
  await armFailure(env.base, 'mode=malformed&path=/v1/gifs');
  const withPort = await openEmbedPage(env, placeholder(IDS.plain), { script: `data-error-dsn="http://errkey@127.0.0.1:${new URL(env.base).port}/42"` });
  await withPort.page.evaluate(() => sessionStorage.setItem('gif-embed:error-sampled', '1'));
  await waitForState(withPort.page, 'error');
  await withPort.close();
  // Reports go out at once (no batching): a late one would have arrived while the pages closed.
  assert.is((await errorReports()).length, 1, 'no other report');
});

test('error reports carry no secret: the page address without its query or fragment, no API key, no query of any address', async () => {
  await fetch(`${env.base}/_local/errors`, { method: 'DELETE' });
  await armFailure(env.base, 'mode=malformed&path=/v1/gifs');
  const blog = await portlessBlog('1', placeholder(IDS.plain), '?reset_token=s3cretReset&utm=x#access_token=s3cretAccess');
  await waitForState(blog.page, 'error');
  let reports = await errorReports();
  for (let i = 0; i < 50 && !reports.length; i++) {
    await new Promise((r) => setTimeout(r, 100));
    reports = await errorReports();
  }
  await blog.close();
  assert.is(reports.length, 1, 'one report');
  assert.is(reports[0].event.request.url, 'http://blog.example/post.html');
  const whole = JSON.stringify(reports[0]);
  for (const secret of ['s3cretReset', 's3cretAccess', 'err-key', 'api_key']) assert.not.ok(whole.includes(secret), `${secret} in ${whole}`);
});

test('data-debug on the script tag logs what the embed refused; GifEmbed.debug(false) silences it, debug(true) brings it back', async () => {
  const lines: string[] = [];
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain, 'data-theme="purple"'), {
    script: 'data-debug',
    prepare: async (context) => context.on('console', (m) => m.type() === 'debug' && lines.push(m.text())),
  });
  await waitForState(page, 'ready');
  assert.ok(lines.some((line) => line.startsWith('[gif-embed]') && line.includes('ignored data-theme="purple"')), lines.join('\n'));
  const count = () => lines.filter((line) => line.includes('data-theme="blue"')).length;
  const addBlue = (id: string) =>
    page.evaluate(([gif, name]) => {
      const el = document.createElement('div');
      el.id = name;
      el.setAttribute('data-gif-id', gif);
      el.setAttribute('data-theme', 'blue');
      document.body.append(el);
      window.GifEmbed!.mount(el);
    }, [IDS.plain, id]);
  await page.evaluate(() => window.GifEmbed!.debug(false));
  await addBlue('quiet');
  await waitForState(page, 'ready', 2);
  assert.is(count(), 0, 'silenced');
  await page.evaluate(() => window.GifEmbed!.debug(true));
  await addBlue('loud');
  await waitForState(page, 'ready', 3);
  assert.ok(count() >= 1, 'on again');
  await close();
});

test.run();
