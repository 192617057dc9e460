/**
 * The host page's markup and globals against the embed (issue: nothing on the page can take
 * over, freeze or inflate an embed). HTML that comments and Markdown keep (`name` and `id`
 * attributes) shadows `document`'s and `window`'s properties; none of it may change where the
 * embed's code comes from, and none of it may stop the embeds.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Request } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { apiCalls, openEmbedPage, placeholder, playerCalls, uncaught, type PageOptions } from './embed-page';
import { withEnv, type Env } from './support/harness';
import { runtimeAt } from './support/runtime-key';

let env: Env;
withEnv(test, (e) => (env = e), { reset: true });

/** Another site, stood in by a route: any script it serves marks the page as taken over. */
const OTHER = 'http://other.example';

/** Serves OTHER's scripts (a take-over marker) and records what the page asked of it. */
function otherSite(asked: string[]) {
  return (context: BrowserContext) => context.route(`${OTHER}/**`, (route) => {
    if (route.request().resourceType() === 'script') asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__takenOver = true;' });
  });
}

/** The state of every placeholder, read through Document.prototype (the page shadows `document`'s own names). */
const states = (page: EmbedPage['page']) => page.evaluate(() =>
  [...Document.prototype.querySelectorAll.call(document, '[data-gif-id]')].map((el) => el.getAttribute('data-gif-embed-state')));

/** Waits until every placeholder of the page is ready. */
async function allReady(page: EmbedPage['page'], count: number) {
  await page.waitForFunction((n) => {
    const all = [...Document.prototype.querySelectorAll.call(document, '[data-gif-embed-state="ready"]')];
    return all.length >= n;
  }, count, { timeout: 15_000 });
}

type EmbedPage = Awaited<ReturnType<typeof openEmbedPage>>;

/** The player file's address among `requests`. */
const playerUrls = (requests: Request[]) => requests.map((r) => r.url()).filter((url) => /\/plugins\/player-(desktop|mobile)\.[0-9a-f]{8}\.js$/.test(url));

test('an <img name="currentScript"> of another site: code still comes only from embed.js\'s own folder', async () => {
  const asked: string[] = [];
  const { page, requests, close } = await openEmbedPage(env, `<img name="currentScript" src="${OTHER}/x/" alt="">${placeholder(IDS.plain)}`, { prepare: otherSite(asked) });
  try {
    await allReady(page, 1);
    assert.equal(asked, [], 'nothing asked of the other site');
    assert.equal(playerUrls(requests).map((url) => new URL(url).origin), [env.base]);
    assert.is(await page.evaluate(() => (window as { __takenOver?: boolean }).__takenOver), undefined);
    assert.equal(await uncaught(page), []);
  } finally {
    await close();
  }
});

test('the same under a nonce CSP with strict-dynamic and Trusted Types: the policy lets only this build\'s files through', async () => {
  const asked: string[] = [];
  const nonce = 'cl0bber';
  const violations: string[] = [];
  // No inline style on the placeholder: the page's CSP refuses style attributes.
  const { page, requests, close } = await openEmbedPage(env, `<img name="currentScript" src="${OTHER}/x/" alt=""><div data-gif-id="${IDS.plain}" data-width="480" data-height="360"><a href="/gifs/${IDS.plain}">GIF</a></div>`, {
    nonce,
    headers: { 'content-security-policy': `script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'nonce-${nonce}'; require-trusted-types-for 'script'; trusted-types gif-embed` },
    prepare: async (context) => {
      await otherSite(asked)(context);
      await context.exposeFunction('__violation', (v: string) => violations.push(v));
      await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __violation(v: string): void }).__violation(`${e.effectiveDirective} ${e.blockedURI}`)));
    },
  });
  try {
    await allReady(page, 1);
    assert.equal(asked, []);
    assert.is(playerUrls(requests).length, 1);
    // The policy itself refuses any other address, even one in the same folder.
    const refused = await page.evaluate(([other, key]) => {
      const setScriptSrc = (window as unknown as { GifEmbed: { runtime: ((s: HTMLScriptElement, url: string) => void)[][] } }).GifEmbed.runtime[key[0]][key[1]];
      const tried = [`${other}/x/plugins/player-desktop.js`, `${location.origin}/plugins/evil.js`, `${location.origin}/plugins/share.js`, `${location.origin}/plugins/player-mobile.js`];
      return tried.map((url) => {
        try {
          setScriptSrc(Document.prototype.createElement.call(document, 'script') as HTMLScriptElement, url);
          return `allowed ${url}`;
        } catch {
          return 'refused';
        }
      });
    }, [OTHER, runtimeAt('src/plugin-files.ts', 'setScriptSrc')] as const);
    assert.equal(refused, ['refused', 'refused', 'refused', 'refused']);
    assert.equal(violations, []);
  } finally {
    await close();
  }
});

test('document\'s methods and properties shadowed by named images: the embed plays and nothing is thrown at the page', async () => {
  const names = ['createElement', 'querySelector', 'querySelectorAll', 'head', 'body', 'readyState', 'documentElement', 'addEventListener', 'cookie', 'referrer', 'baseURI', 'visibilityState', 'currentScript'];
  const imgs = names.map((name) => `<img name="${name}" src="data:," alt="">`).join('');
  const { page, close } = await openEmbedPage(env, `${imgs}${placeholder(IDS.plain)}${placeholder(IDS.sticker)}`);
  try {
    await allReady(page, 2);
    assert.equal(await states(page), ['ready', 'ready']);
    assert.equal(await uncaught(page), []);
  } finally {
    await close();
  }
});

/** Pages that give window.GifEmbed or the element registry a value of their own, before embed.js runs. */
const HOSTILE_GLOBALS: [string, PageOptions][] = [
  ['<a id="GifEmbed"> on the page', { head: '' }],
  ['window.GifEmbed set by the page first', { head: '<script>window.GifEmbed = { scan: 1 };</script>' }],
  ['customElements.define throwing', { head: '<script>customElements.define = () => { throw new Error("registry closed"); };</script>' }],
];

for (const [what, options] of HOSTILE_GLOBALS) {
  test(`${what}: every embed still starts, and GifEmbed is the embed's`, async () => {
    const anchor = what.startsWith('<a') ? '<a id="GifEmbed" href="#">named</a>' : '';
    const { page, close } = await openEmbedPage(env, `${anchor}${placeholder(IDS.plain)}${placeholder(IDS.sticker)}`, options);
    try {
      await allReady(page, 2);
      assert.is(await page.evaluate(() => typeof (window as unknown as { GifEmbed: { mount: unknown } }).GifEmbed.mount), 'function');
      assert.equal(await uncaught(page), []);
    } finally {
      await close();
    }
  });
}

test('two snippet script tags with different keys: the first in document order configures the page, whichever runs first', async () => {
  // The first tag's copy (a cache-busting query makes it a request of its own) comes 500 ms
  // late: the second tag runs first.
  const { page, requests, close } = await openEmbedPage(env, `<script async src="/embed.js?v=1" data-api-key="first-tag-key"></script>${placeholder(IDS.plain)}`, {
    apiKey: 'second-tag-key',
    prepare: (context) => context.route('**/embed.js?v=1', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return route.continue();
    }),
  });
  try {
    await allReady(page, 1);
    const keys = apiCalls(requests).map((call) => new URL(call, env.base).searchParams.get('api_key'));
    assert.ok(keys.length > 0, 'the GIF was asked for');
    assert.equal([...new Set(keys)], ['first-tag-key']);
    assert.is(playerCalls(requests), 1);
  } finally {
    await close();
  }
});

test.run();
