import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configure } from '../../../src/config';
import { debug } from '../../../src/debug';
import { setEnv } from '../../../src/env';
import {
  flushPingbacks,
  mergeAttributes,
  pingback,
  queuedPingbackCount,
  rememberSearchResponseId,
  resetPingbacks,
  resetSessionIds,
  setLoggedInUserId,
  setPingbackClock,
  setTransport,
  PINGBACK_DEBOUNCE_MS,
  RANDOM_ID_KEY,
  SEARCH_RESPONSE_IDS_KEY,
  USER_ID_COOKIE,
  type PingbackBody,
} from '../../../src/analytics';
import { PINGBACK_RETRY_BASE_MS, PINGBACK_RETRY_LIMIT } from '../../../src/analytics/pingback';
import { normalizeGif, type Gif } from '../../../src/model';
import { fakeClock, memoryEnv, recordingTransport, settle, tick } from './helpers';

let clock: ReturnType<typeof fakeClock>;
let rec: ReturnType<typeof recordingTransport>;
let storage: ReturnType<typeof memoryEnv>;
const T0 = 1_700_000_000_000;

const gif = (id: string, extra: object = {}): Gif => normalizeGif({ id, ...extra }, { response_id: 'resp-A', pingback_event_type: 'GIF_SEARCH' });

test.before.each(() => {
  resetPingbacks();
  resetSessionIds();
  debug(undefined);
  configure({ pingbackBase: 'https://pingback.example.com', apiKey: 'key 1' });
  storage = memoryEnv({ [USER_ID_COOKIE]: 'cookie-user-7' });
  clock = fakeClock(T0);
  setPingbackClock(clock);
  rec = recordingTransport();
  setTransport(rec.transport);
});

test.after.each(() => {
  resetPingbacks();
  setTransport();
  setPingbackClock();
  setEnv();
  debug(undefined);
});

test('the debounce is 1000 ms', () => {
  assert.is(PINGBACK_DEBOUNCE_MS, 1000);
});

test('a SEEN action is sent after 1000 ms with the full session body', async () => {
  setLoggedInUserId('42');
  pingback({
    gif: gif('g1'),
    actionType: 'SEEN',
    position: 3,
    attributes: [
      { key: 'layout_type', value: 'GRID' },
      { key: 'layout_type', value: 'CAROUSEL' },
    ],
  });
  clock.advance(999);
  await tick();
  assert.is(rec.sent.length, 0, 'nothing before the debounce ends');
  assert.is(queuedPingbackCount(), 1);
  clock.advance(1);
  await tick();
  assert.is(rec.sent.length, 1);
  const [{ url, body, unloading }] = rec.sent;
  assert.is(url, 'https://pingback.example.com/pingback?apikey=key%201');
  assert.is(unloading, false);
  const randomId = storage.local.getItem(RANDOM_ID_KEY)!;
  assert.match(randomId, /^[0-9a-f]{32}$/);
  assert.equal(body, {
    sessions: [
      {
        user: { user_id: 'cookie-user-7', logged_in_user_id: '42', random_id: randomId },
        events: [
          {
            event_type: 'GIF_SEARCH',
            referrer: document.referrer,
            response_id: 'resp-A',
            actions: [
              {
                action_type: 'SEEN',
                ts: T0,
                gif_id: 'g1',
                attributes: [
                  { key: 'layout_type', value: 'GRID,CAROUSEL' },
                  { key: 'position', value: '3' },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
  assert.is(queuedPingbackCount(), 0);
});

test('each new action restarts the debounce; all go in one batch', async () => {
  pingback({ gif: gif('g1'), actionType: 'SEEN' });
  clock.advance(600);
  pingback({ gif: gif('g2'), actionType: 'HOVER' });
  clock.advance(600);
  await tick();
  assert.is(rec.sent.length, 0);
  clock.advance(400);
  await tick();
  assert.is(rec.sent.length, 1);
  const actions = rec.sent[0].body.sessions[0].events[0].actions;
  assert.equal(actions.map((a) => [a.action_type, a.gif_id, a.ts]), [
    ['SEEN', 'g1', T0],
    ['HOVER', 'g2', T0 + 600],
  ]);
});

test('actions are batched per event type and response id', async () => {
  pingback({ gif: gif('g1'), actionType: 'SEEN' });
  pingback({ gif: gif('g2'), actionType: 'CLICK' });
  pingback({ gif: gif('g3'), actionType: 'SEEN', responseId: 'resp-B' });
  pingback({ gif: gif('g4'), actionType: 'SEEN', eventType: 'GIF_RELATED' });
  await flushPingbacks();
  assert.is(rec.sent.length, 1);
  const events = rec.sent[0].body.sessions[0].events;
  assert.equal(
    events.map((e) => [e.event_type, e.response_id, e.actions.map((a) => `${a.action_type}:${a.gif_id}`)]),
    [
      ['GIF_SEARCH', 'resp-A', ['SEEN:g1', 'CLICK:g2']],
      ['GIF_SEARCH', 'resp-B', ['SEEN:g3']],
      ['GIF_RELATED', 'resp-A', ['SEEN:g4']],
    ],
  );
});

test('a GIF with a tid is sent at once, with the tid on the action', async () => {
  pingback({ gif: gif('plain'), actionType: 'SEEN' });
  pingback({ gif: gif('ad', { bottle_data: { tid: 'tid-99' } }), actionType: 'CLICK' });
  await tick();
  assert.is(rec.sent.length, 1, 'sent without waiting for the debounce');
  const actions = rec.sent[0].body.sessions[0].events[0].actions;
  assert.equal(actions.map((a) => [a.gif_id, a.tid]), [
    ['plain', undefined],
    ['ad', 'tid-99'],
  ]);
  assert.is(clock.pending(), 0, 'no debounce left running');
});

test('a pingback without a response id is dropped with only a debug log', async () => {
  const logs: unknown[][] = [];
  const original = console.debug;
  console.debug = (...args: unknown[]) => logs.push(args);
  try {
    debug(true);
    pingback({ gif: normalizeGif({ id: 'lonely' }), actionType: 'SEEN' });
    assert.is(queuedPingbackCount(), 0);
    clock.advance(PINGBACK_DEBOUNCE_MS);
    await flushPingbacks();
    assert.is(rec.sent.length, 0);
    assert.is(logs.length, 1);
    assert.match(String(logs[0][1]), /no response id for GIF lonely/);
    debug(false);
    pingback({ gif: normalizeGif({ id: 'quiet' }), actionType: 'SEEN' });
    assert.is(logs.length, 1, 'silent when debug is off');
  } finally {
    console.debug = original;
  }
});

test('the random id is generated once, kept in localStorage and reused', async () => {
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  await flushPingbacks();
  pingback({ gif: gif('b'), actionType: 'SEEN' });
  await flushPingbacks();
  const [first, second] = rec.sent.map((s) => s.body.sessions[0].user.random_id);
  assert.is(first, second);
  assert.is(storage.local.getItem(RANDOM_ID_KEY), first);
  storage.local.setItem(RANDOM_ID_KEY, 'stored-earlier');
  pingback({ gif: gif('c'), actionType: 'SEEN' });
  await flushPingbacks();
  assert.is(rec.sent[2].body.sessions[0].user.random_id, 'stored-earlier');
});

test('without storage or cookie the session still has a stable random id and no user_id', async () => {
  setEnv({ cookie: () => undefined, local: () => undefined, session: () => undefined, search: () => '' });
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  await flushPingbacks();
  pingback({ gif: gif('b'), actionType: 'SEEN' });
  await flushPingbacks();
  const users = rec.sent.map((s) => s.body.sessions[0].user);
  assert.is(users[0].random_id, users[1].random_id);
  assert.is(users[0].user_id, undefined);
  assert.is(users[0].logged_in_user_id, undefined);
});

test('the second-to-last search response id is sent as prior_response_id', async () => {
  rememberSearchResponseId('search-1');
  pingback({ gif: gif('a'), actionType: 'SEEN', responseId: 'search-1' });
  await flushPingbacks();
  assert.is(rec.sent[0].body.sessions[0].events[0].prior_response_id, undefined, 'no earlier search yet');
  rememberSearchResponseId('search-2');
  rememberSearchResponseId('search-2');
  pingback({ gif: gif('b'), actionType: 'CLICK', responseId: 'search-2' });
  await flushPingbacks();
  assert.is(rec.sent[1].body.sessions[0].events[0].prior_response_id, 'search-1');
  rememberSearchResponseId('search-3');
  assert.equal(JSON.parse(storage.session.getItem(SEARCH_RESPONSE_IDS_KEY)!), ['search-2', 'search-3']);
});

test('a pingback queued as the page loads reads no storage: the earlier pages\' search ids are read as it is sent', async () => {
  // The tab's earlier pages searched twice; this page has not searched.
  storage.session.setItem(SEARCH_RESPONSE_IDS_KEY, JSON.stringify(['search-1', 'search-2']));
  const reads: string[] = [];
  const session = { getItem: (key: string) => (reads.push(key), storage.session.getItem(key)), setItem: storage.session.setItem.bind(storage.session), removeItem: storage.session.removeItem.bind(storage.session) } as unknown as Storage;
  const local = { getItem: (key: string) => (reads.push(key), storage.local.getItem(key)), setItem: storage.local.setItem.bind(storage.local), removeItem: storage.local.removeItem.bind(storage.local) } as unknown as Storage;
  setEnv({ cookie: () => undefined, local: () => local, session: () => session, search: () => '' });
  pingback({ gif: gif('a'), actionType: 'SEEN', responseId: 'resp-A' });
  assert.equal(reads, [], 'nothing read while queueing');
  clock.advance(PINGBACK_DEBOUNCE_MS);
  await tick();
  assert.is(rec.sent[0].body.sessions[0].events[0].prior_response_id, 'search-1');
  assert.ok(reads.includes(SEARCH_RESPONSE_IDS_KEY) && reads.includes(RANDOM_ID_KEY), 'both read as it is sent');
});

test('the batch\'s ids are read in the debounce\'s task and the batch sent from the next; as the page goes away, at once', async () => {
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  clock.advance(PINGBACK_DEBOUNCE_MS);
  assert.ok(storage.local.getItem(RANDOM_ID_KEY), 'the random id read (and kept) in the debounce\'s task');
  assert.is(rec.sent.length, 0, 'not sent in that task');
  await tick();
  assert.is(rec.sent.length, 1, 'sent from the next');
  pingback({ gif: gif('b'), actionType: 'SEEN' });
  window.dispatchEvent(new Event('pagehide'));
  assert.is(rec.sent.length, 2, 'sent in the page-hide task itself');
  assert.is(rec.sent[1].unloading, true);
});

test('a search between an action and its send does not change the prior_response_id the action was queued with', async () => {
  storage.session.setItem(SEARCH_RESPONSE_IDS_KEY, JSON.stringify(['search-1', 'search-2']));
  pingback({ gif: gif('a'), actionType: 'SEEN', responseId: 'search-2' });
  rememberSearchResponseId('search-3');
  pingback({ gif: gif('b'), actionType: 'SEEN', responseId: 'search-3' });
  rememberSearchResponseId('search-4');
  await flushPingbacks();
  const events = rec.sent[0].body.sessions[0].events;
  assert.equal(events.map((e) => [e.response_id, e.prior_response_id]), [['search-2', 'search-1'], ['search-3', 'search-2']]);
});

test('a blocked collector: actions are kept, tried again with backoff, and each arrives exactly once after recovery', async () => {
  const delivered: string[] = [];
  let blocked = true;
  let tries = 0;
  setTransport((_url, body) => {
    tries++;
    if (blocked) return Promise.reject(new TypeError('Failed to fetch'));
    for (const event of (JSON.parse(body) as PingbackBody).sessions[0].events) for (const a of event.actions) delivered.push(`${a.action_type}:${a.gif_id}`);
  });
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  pingback({ gif: gif('b'), actionType: 'SEEN' });
  clock.advance(PINGBACK_DEBOUNCE_MS);
  await tick();
  // Blocked for 10 s: tries back off (1 s, 2 s, 4 s, ...), new actions wait for the next try.
  for (let t = 0; t < 10_000; t += 500) {
    if (t === 3000) pingback({ gif: gif('c'), actionType: 'CLICK' });
    clock.advance(500);
    await tick();
  }
  assert.ok(tries >= 3 && tries <= 5, `${tries} tries in 10 s`);
  assert.equal(delivered, []);
  blocked = false;
  for (let t = 0; t < 20_000; t += 500) {
    clock.advance(500);
    await tick();
  }
  assert.equal(delivered.sort(), ['CLICK:c', 'SEEN:a', 'SEEN:b']);
  assert.is(queuedPingbackCount(), 0);
});

test('a failing pingback is caught and debug-logged, never thrown', async () => {
  const logs: unknown[][] = [];
  const original = console.debug;
  console.debug = (...args: unknown[]) => logs.push(args);
  try {
    debug(true);
    rec.fail(new TypeError('Failed to fetch'));
    pingback({ gif: gif('a'), actionType: 'SEEN' });
    await flushPingbacks();
    assert.is(rec.sent.length, 1);
    assert.ok(logs.some((l) => String(l[1]).includes('send failed')));
    setTransport(() => {
      throw new Error('blocked by client');
    });
    pingback({ gif: gif('b'), actionType: 'SEEN' });
    clock.advance(PINGBACK_DEBOUNCE_MS);
    await flushPingbacks();
    assert.ok(logs.some((l) => l[2] instanceof Error && (l[2] as Error).message === 'blocked by client'));
  } finally {
    console.debug = original;
  }
});

test('pagehide flushes the queue with a request that outlives the page', async () => {
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  window.dispatchEvent(new Event('pagehide'));
  await tick();
  assert.is(rec.sent.length, 1);
  assert.is(rec.sent[0].unloading, true);
  assert.is(clock.pending(), 0);
});

test('visibilitychange to hidden flushes; to visible does not', async () => {
  const state = { value: 'visible' };
  // Read where the embed reads it: from Document.prototype (an element named visibilityState on the page cannot stand in).
  const real = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => state.value });
  try {
    pingback({ gif: gif('a'), actionType: 'HOVER' });
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    assert.is(rec.sent.length, 0);
    state.value = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    assert.is(rec.sent.length, 1);
    assert.is(rec.sent[0].unloading, true);
  } finally {
    if (real) Object.defineProperty(Document.prototype, 'visibilityState', real);
    else delete (Document.prototype as unknown as Record<string, unknown>).visibilityState;
  }
});

test('resetPingbacks drops the queue and the page-hide listeners', async () => {
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  resetPingbacks();
  assert.is(queuedPingbackCount(), 0);
  window.dispatchEvent(new Event('pagehide'));
  clock.advance(PINGBACK_DEBOUNCE_MS);
  await tick();
  assert.is(rec.sent.length, 0);
});

test('position objects are sent as JSON text', async () => {
  pingback({ gif: gif('a'), actionType: 'CLICK', position: { x: 10, y: 20 }, attributes: { position: 'from-caller' } });
  await flushPingbacks();
  assert.equal(rec.sent[0].body.sessions[0].events[0].actions[0].attributes, [{ key: 'position', value: 'from-caller,{"x":10,"y":20}' }]);
});

test('mergeAttributes: duplicate keys become one comma-joined entry, in first-seen order', () => {
  assert.equal(
    mergeAttributes(
      [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
        { key: 'a', value: '3' },
      ],
      { position: 4, b: 'x', skip: undefined, none: null },
    ),
    [
      { key: 'a', value: '1,3' },
      { key: 'b', value: '2,x' },
      { key: 'position', value: '4' },
    ],
  );
  assert.equal(mergeAttributes(undefined, {}), []);
});

test('without a given event type or response meta, the event type is GIF_EMBED; a GIF without bottle_data and a text position are sent as given', async () => {
  pingback({ gif: { id: 'raw', response_id: 'resp-raw' } as Gif, actionType: 'SEEN', position: 'top-left' });
  pingback({ gif: { id: 'raw2', response_id: 'resp-raw' } as Gif, actionType: 'SEEN' });
  await flushPingbacks();
  const [event] = rec.sent[0].body.sessions[0].events;
  assert.is(event.event_type, 'GIF_EMBED');
  assert.equal(event.actions[0].attributes, [{ key: 'position', value: 'top-left' }]);
  assert.equal(event.actions[1].attributes, [], 'no position attribute when none was given');
});

test('the page\'s referrer goes with each event', async () => {
  const real = Object.getOwnPropertyDescriptor(Document.prototype, 'referrer');
  Object.defineProperty(Document.prototype, 'referrer', { configurable: true, get: () => 'https://from.example/post' });
  try {
    pingback({ gif: gif('a'), actionType: 'SEEN' });
    await flushPingbacks();
    assert.is(rec.sent[0].body.sessions[0].events[0].referrer, 'https://from.example/post');
  } finally {
    if (real) Object.defineProperty(Document.prototype, 'referrer', real);
    else delete (Document.prototype as unknown as Record<string, unknown>).referrer;
  }
});

test('no prior_response_id when the earlier search is the event\'s own response', async () => {
  rememberSearchResponseId('search-1');
  rememberSearchResponseId('search-2');
  pingback({ gif: gif('a'), actionType: 'SEEN', responseId: 'search-1' });
  await flushPingbacks();
  assert.is(rec.sent[0].body.sessions[0].events[0].prior_response_id, undefined);
});

test('actions queued while a send is on its way wait behind it: after its failure, the failed ones first, none lost', async () => {
  let fail: (error: Error) => void = () => {};
  const bodies: PingbackBody[] = [];
  setTransport((_url, body) => {
    bodies.push(JSON.parse(body));
    return bodies.length === 1 ? new Promise<void>((_resolve, reject) => (fail = reject)) : undefined;
  });
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  clock.advance(PINGBACK_DEBOUNCE_MS);
  // The send goes in the task after the flush's.
  await tick();
  pingback({ gif: gif('b'), actionType: 'CLICK' });
  fail(new TypeError('Failed to fetch'));
  await settle();
  clock.advance(PINGBACK_RETRY_BASE_MS);
  await settle();
  assert.equal(bodies[1].sessions[0].events[0].actions.map((a) => `${a.action_type}:${a.gif_id}`), ['SEEN:a', 'CLICK:b']);
});

test('after failures a new action waits for the next try, not its own debounce; a success starts the count again', async () => {
  let failing = true;
  let tries = 0;
  setTransport(() => (tries++, failing ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  clock.advance(PINGBACK_DEBOUNCE_MS);
  await settle();
  clock.advance(PINGBACK_RETRY_BASE_MS);
  await settle();
  assert.is(tries, 2, 'the first try and one retry');
  // The next retry comes 2 s after the second failure; an action queued now does not bring it forward.
  pingback({ gif: gif('b'), actionType: 'CLICK' });
  clock.advance(PINGBACK_DEBOUNCE_MS);
  await settle();
  assert.is(tries, 2, 'not at the new action\'s debounce');
  failing = false;
  clock.advance(PINGBACK_RETRY_BASE_MS);
  await settle();
  assert.is(tries, 3, 'at the backoff');
  // A success starts over: the next failure is tried again after the base delay.
  failing = true;
  pingback({ gif: gif('c'), actionType: 'SEEN' });
  clock.advance(PINGBACK_DEBOUNCE_MS);
  await settle();
  assert.is(tries, 4);
  clock.advance(PINGBACK_RETRY_BASE_MS);
  await settle();
  assert.is(tries, 5, 'one base delay after a fresh failure');
});

test('an action queued while a retry is on its way, which then succeeds, goes at its own debounce, not with some later action', async () => {
  const bodies: PingbackBody[] = [];
  let answer: () => void = () => {};
  setTransport((_url, body) => {
    bodies.push(JSON.parse(body));
    // The first send fails; the retry hangs until the test answers it.
    return bodies.length === 1 ? Promise.reject(new TypeError('Failed to fetch')) : bodies.length === 2 ? new Promise<void>((resolve) => (answer = resolve)) : undefined;
  });
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  clock.advance(PINGBACK_DEBOUNCE_MS);
  await settle();
  clock.advance(PINGBACK_RETRY_BASE_MS);
  await tick();
  assert.is(bodies.length, 2, 'the retry is on its way');
  pingback({ gif: gif('b'), actionType: 'CLICK' });
  answer();
  await settle();
  clock.advance(PINGBACK_DEBOUNCE_MS);
  await settle();
  assert.is(bodies.length, 3, 'CLICK:b sent on its own');
  assert.equal(bodies[2].sessions[0].events[0].actions.map((a) => `${a.action_type}:${a.gif_id}`), ['CLICK:b']);
});

test('a collector that never answers: PINGBACK_RETRY_LIMIT retries, then what waits is dropped and nothing more is tried', async () => {
  let tries = 0;
  setTransport(() => (tries++, Promise.reject(new TypeError('Failed to fetch'))));
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  for (let t = 0; t < 300_000; t += 1000) {
    clock.advance(1000);
    await settle();
  }
  assert.is(tries, PINGBACK_RETRY_LIMIT + 1, 'the first try and the retries');
  assert.is(queuedPingbackCount(), 0);
  assert.is(clock.pending(), 0);
});

test('a failed send as the page goes away is not tried again (the beacon was the last chance)', async () => {
  let tries = 0;
  setTransport(() => (tries++, Promise.reject(new TypeError('Failed to fetch'))));
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  window.dispatchEvent(new Event('pagehide'));
  await tick();
  clock.advance(60_000);
  await tick();
  assert.is(tries, 1);
  assert.is(queuedPingbackCount(), 0);
});

test('outside a page (no window, no Document) an action is still queued and sent', async () => {
  const g = globalThis as Record<string, unknown>;
  for (const name of ['window', 'Document']) {
    const saved = g[name];
    delete g[name];
    try {
      pingback({ gif: gif(`no-${name}`), actionType: 'SEEN' });
      clock.advance(PINGBACK_DEBOUNCE_MS);
      await tick();
    } finally {
      g[name] = saved;
    }
  }
  assert.equal(rec.sent.map((sent) => sent.body.sessions[0].events[0].actions[0].gif_id), ['no-window', 'no-Document']);
});

test('the real clock: sent a debounce after the last action, not the first', async () => {
  setPingbackClock();
  const before = Date.now();
  pingback({ gif: gif('a'), actionType: 'SEEN' });
  await new Promise((resolve) => setTimeout(resolve, PINGBACK_DEBOUNCE_MS / 2));
  pingback({ gif: gif('b'), actionType: 'SEEN' });
  await new Promise((resolve) => setTimeout(resolve, PINGBACK_DEBOUNCE_MS * 0.75));
  assert.is(rec.sent.length, 0, 'the first timer was cleared');
  await new Promise((resolve) => setTimeout(resolve, PINGBACK_DEBOUNCE_MS / 2));
  assert.is(rec.sent.length, 1);
  const ts = rec.sent[0].body.sessions[0].events[0].actions[0].ts;
  assert.ok(ts >= before && ts <= Date.now(), 'stamped with the time');
});

test.run();
