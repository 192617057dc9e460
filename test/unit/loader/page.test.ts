import '../support/dom';
import '../support/english';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install, intersect, observedCount, observersOf } from '../support/observers';
import { configure } from '../../../src/config';
import { resetPingbacks, setPingbackClock, setTransport } from '../../../src/analytics';
import { createPage, type Page } from '../../../src/embed/page';
import { STATE_ATTR } from '../../../src/embed/placeholder';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Resolves once `ok()` holds; fails the test after `ms`. */
async function until(ok: () => unknown, ms = 5000, what = 'the condition') {
  for (let waited = 0; !ok(); waited += 20) {
    if (waited > ms) throw new Error(`${what} did not hold within ${ms} ms`);
    await wait(20);
  }
}

/** The API requests made, as their `ids`. */
const asked: string[] = [];
const sent: string[] = [];
const realFetch = globalThis.fetch;
const gifJson = (id: string) => ({
  id,
  url: `https://site/gifs/${id}`,
  title: `GIF ${id}`,
  images: { original: { url: `https://media.host/${id}.gif`, width: '480', height: '360' }, original_still: { url: `https://media.host/${id}_s.gif`, width: '480', height: '360' } },
});
test.before(() => {
  install();
  configure({ apiBase: 'https://api.example', apiKey: 'k', pingbackBase: 'https://pb.example' });
  setPingbackClock();
  resetPingbacks();
  setTransport((_url, body) => void sent.push(body));
  globalThis.fetch = (async (input: string) => {
    const ids = new URL(String(input)).searchParams.get('ids') || '';
    asked.push(ids);
    return new Response(JSON.stringify({ data: ids.split(',').map(gifJson), meta: { status: 200, response_id: `resp-${ids}` } }), { status: 200 });
  }) as typeof fetch;
});
test.after(() => {
  globalThis.fetch = realFetch;
  setTransport();
  resetPingbacks();
});

/**
 * A host in the body holding a placeholder for each of `ids`, each with the box a browser lays
 * it out in (one under the other, near the top): the observers report what a browser would, so
 * one that starts later still rides along the first one's request (src/embed/near.ts upcoming),
 * however the starts are sliced over tasks on a busy machine.
 */
function placeholders(...ids: string[]): [HTMLElement, HTMLElement[]] {
  const host = document.body.appendChild(document.createElement('section'));
  const els = ids.map((id, i) => {
    const el = host.appendChild(document.createElement('div'));
    el.getBoundingClientRect = () => new DOMRect(0, i * 370, 480, 360);
    el.setAttribute('data-gif-id', id);
    el.setAttribute('data-width', '480');
    el.setAttribute('data-height', '360');
    el.innerHTML = `<a href="https://site/gifs/${id}">GIF</a>`;
    return el;
  });
  return [host, els];
}

/** The player's root in placeholder `el`'s shadow root, once it rendered. */
const playerOf = (el: Element) => el.shadowRoot?.querySelector('.r');

/** Scans `host` with `page` and brings each of `els` near the viewport, until every one is ready. */
async function play(page: Page, host: HTMLElement, els: HTMLElement[]) {
  page.scan(host);
  await until(() => els.every((el) => observersOf(el).length), 5000, 'the placeholders watched');
  els.forEach((el) => intersect(el, 1));
  await until(() => els.every((el) => el.getAttribute(STATE_ATTR) === 'ready'), 5000, 'every player ready');
}

/** The SEEN actions in the pingbacks sent, as `SEEN:<response id>`. */
const seen = () => sent.flatMap((b) => JSON.parse(b).sessions.flatMap((s: { events: { response_id: string; actions: { action_type: string }[] }[] }) => s.events.flatMap((e) => e.actions.map((a) => `${a.action_type}:${e.response_id}`))));

test('two pages in one process: each asks for its own GIFs; one disposed leaves nothing behind, the other still plays and counts', async () => {
  const [hostA, a] = placeholders('a1', 'a2');
  const [hostB, b] = placeholders('b1');
  const pageA = createPage({});
  const pageB = createPage({});
  await play(pageA, hostA, a);
  await play(pageB, hostB, b);
  assert.equal(asked.sort(), ['a1,a2', 'b1'], 'one request per page, each with its own ids');
  assert.ok([...a, ...b].every(playerOf), 'every placeholder plays');

  pageA.dispose();
  for (const el of a) {
    assert.is(el.getAttribute(STATE_ATTR), null, 'the state attribute is gone');
    assert.is(playerOf(el), null, 'the player is gone');
    assert.is(el.shadowRoot!.querySelector('slot') !== null, true, 'the placeholder shows its own content again');
    assert.equal(observersOf(el), [], 'nothing watches it');
  }
  assert.is(pageA.embeds.size, 0);
  // A scan of the disposed page's placeholders starts nothing.
  await wait(50);
  assert.is(a[0].getAttribute(STATE_ATTR), null);

  // The other page's player still plays, and its GIF is counted when seen.
  assert.is(b[0].getAttribute(STATE_ATTR), 'ready');
  const root = playerOf(b[0])!;
  root.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 480, bottom: 360, width: 480, height: 360 }) as DOMRect;
  await until(() => observersOf(root).length, 5000, 'the player watched for a view');
  intersect(root, 1);
  await until(() => sent.length, 5000, 'a pingback sent');
  assert.equal(seen(), ['SEEN:resp-b1']);

  pageB.dispose();
  // Preact runs an unmounted component's effect cleanups with its next effects: a task later here.
  await wait(0);
  assert.is(observedCount(), 0, 'no observer watches anything once both pages are gone');
  hostA.remove();
  hostB.remove();
});

test('unmount releases one placeholder and leaves its page playing the others; mount brings it back at once, with no request', async () => {
  asked.length = 0;
  const [host, [first, second]] = placeholders('m1', 'm2');
  const page = createPage({});
  await play(page, host, [first, second]);
  assert.equal(asked, ['m1,m2']);
  page.unmount(first);
  assert.is(first.getAttribute(STATE_ATTR), null);
  assert.is(playerOf(first), null);
  assert.is(page.embeds.has(first), false);
  assert.is(second.getAttribute(STATE_ATTR), 'ready');
  page.mount(first);
  await until(() => playerOf(first), 2000, 'the player again');
  assert.equal(asked, ['m1,m2'], 'the GIF this page has renders with no request');
  page.dispose();
  host.remove();
});

test('a changed id on a followed page swaps the GIF in place; a removed placeholder is released', async () => {
  asked.length = 0;
  const [host, [el]] = placeholders('f1');
  const page = createPage({});
  page.follow();
  await until(() => observersOf(el).length, 5000, 'the placeholder watched');
  intersect(el, 1);
  await until(() => el.getAttribute(STATE_ATTR) === 'ready', 5000, 'ready');
  el.setAttribute('data-gif-id', 'f2');
  await until(() => el.getAttribute(STATE_ATTR) === 'ready' && asked.includes('f2'), 5000, 'the new GIF ready');
  assert.is(page.embeds.get(el)?.id, 'f2');
  el.remove();
  await until(() => !page.embeds.has(el), 2000, 'the removed placeholder released');
  assert.equal(observersOf(el), []);
  page.dispose();
  host.remove();
});

test.run();
