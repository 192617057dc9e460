/**
 * The consent gate against the IAB's own platform code: @iabtcf/stub and @iabtcf/cmpapi (TC
 * strings from @iabtcf/core), and @iabgpp/cmpapi, running in happy-dom's window. Each rule of
 * src/analytics/consent.ts: the decision, the timeout, the macros, the withheld vendor pixel, the
 * opt-outs (GPP, GPC, dnt).
 */
import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import installTcfStub from '@iabtcf/stub';
import { CmpApi, CmpApiModel } from '@iabtcf/cmpapi';
import { CmpApi as GppApi } from '@iabgpp/cmpapi';
import { configure, CONSENT_TIMEOUT_MS } from '../../../src/config';
import { setEnv } from '../../../src/env';
import {
  flushPingbacks, injectPixels, pingback, rememberSearchResponseId, resetPingbacks, resetSessionIds, searchResponseIds, setPingbackClock, setTransport,
  RANDOM_ID_KEY, SEARCH_RESPONSE_IDS_KEY, USER_ID_COOKIE,
} from '../../../src/analytics';
import { consentPending, LOOK_AGAIN_MS, mayStore, resetConsent, whenConsentDecided, withConsentMacros } from '../../../src/analytics/consent';
import { askPlatforms, fillMacros, gppSignal, tcfSignal } from '../../../src/analytics/cmp';
import { normalizeGif } from '../../../src/model';
import { AD_VENDOR, CMP_ID, CMP_VERSION, OUR_VENDOR, TC } from '../../support/iab';
import { fakeClock, memoryEnv, recordingTransport, tick } from './helpers';

const gif = normalizeGif({ id: 'g1' }, { response_id: 'resp-A', pingback_event_type: 'GIF_EMBED' });
/** A pixel of the ad vendor's, one of the service's, and one naming no vendor, each with every macro. */
const MACROS = 'gdpr=${GDPR}&tc=${GDPR_CONSENT_%V}&ac=${ADDTL_CONSENT}&gpp=${GPP_STRING_%V}&sid=${GPP_SID}&usp=${US_PRIVACY}';
/** Each test's pixels are new to the document (a pixel fires once per page). */
let testRun = 0;
const pixel = (host: string, vendor?: number) => `<img src="https://${host}.example/p?run=${testRun}&${vendor ? MACROS.replace(/%V/g, String(vendor)) : 'gdpr=${GDPR}&gpp=${GPP_STRING}'}">`;
const AD_PIXEL = () => pixel('ad', AD_VENDOR);
const OUR_PIXEL = () => pixel('ours', OUR_VENDOR);
const OWNER_PIXEL = () => pixel('owner');

let storage: ReturnType<typeof memoryEnv>;
let rec: ReturnType<typeof recordingTransport>;

/** The pixel URLs in <head>, by host. */
const pixels = () => Object.fromEntries([...document.head.querySelectorAll('img')].map((img) => [new URL(img.src).hostname, new URL(img.src).searchParams]));

/**
 * A GPP platform: the IAB's GPP stub is not on npm, so the page's queue before the platform
 * loads is the stub's contract at its smallest (no calls queued, no listeners), then the CMP.
 */
function gppPlatform() {
  (window as unknown as { __gpp: () => unknown[] }).__gpp = () => [];
  return new GppApi(CMP_ID, CMP_VERSION);
}

/** A TCF platform as a page has one: the stub first, then the CMP, which has not answered yet. */
function tcfPlatform() {
  installTcfStub();
  return new CmpApi(CMP_ID, CMP_VERSION, true);
}

/** Queues a SEEN pingback, flushes, and gives what was sent (the session's user, or undefined when nothing went). */
async function sendOne() {
  pingback({ gif, actionType: 'SEEN' });
  await flushPingbacks();
  await tick();
  return rec.sent.at(-1)?.body.sessions[0].user;
}

// A platform left undecided at a test's end keeps its 10 s consent timer: not a reason for the
// test process to live 10 s longer (timers of a second or more do not hold it; a browser has no such notion).
const realSetTimeout = globalThis.setTimeout;
test.before(() => {
  globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
    const timer = realSetTimeout(fn, ms, ...rest);
    if ((ms ?? 0) >= 1000) (timer as unknown as { unref?: () => void }).unref?.();
    return timer;
  }) as typeof setTimeout;
});
test.after(() => {
  globalThis.setTimeout = realSetTimeout;
});

test.before.each(() => {
  testRun++;
  resetConsent();
  resetPingbacks();
  resetSessionIds();
  CmpApiModel.reset();
  for (const api of ['__tcfapi', '__gpp']) delete (window as unknown as Record<string, unknown>)[api];
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  document.head.replaceChildren();
  configure({ pingbackBase: 'https://pingback.example', apiKey: 'k', tcfVendorId: OUR_VENDOR, dnt: false, consentTimeoutMs: CONSENT_TIMEOUT_MS });
  storage = memoryEnv({ [USER_ID_COOKIE]: 'cookie-user' });
  setPingbackClock(fakeClock());
  rec = recordingTransport();
  setTransport(rec.transport);
});

test.after.each(() => {
  resetConsent();
  resetPingbacks();
  setTransport();
  setPingbackClock();
  setEnv();
  configure({ tcfVendorId: 0, consentTimeoutMs: CONSENT_TIMEOUT_MS });
});

test('no platform, no GPC: ids stored and sent as before; macros become empty, never literal', async () => {
  configure({ tcfVendorId: 0 });
  assert.is(consentPending(), false);
  const user = await sendOne();
  assert.match(user!.random_id!, /^[0-9a-f]{32}$/);
  assert.is(user!.user_id, 'cookie-user');
  assert.is(storage.local.getItem(RANDOM_ID_KEY), user!.random_id);
  assert.is(withConsentMacros('https://x.example/p?g=${GDPR}&c=$%7BGDPR_CONSENT_755%7D&s=${GPP_SID}&keep=${OTHER}'), 'https://x.example/p?g=&c=&s=&keep=${OTHER}');
});

test('decision: until the TCF platform answers, pingbacks and pixels wait in memory and nothing touches storage; at tcloaded they go', async () => {
  const cmp = tcfPlatform();
  assert.is(consentPending(), true);
  rememberSearchResponseId('search-1');
  assert.is(await sendOne(), undefined, 'no pingback while the platform is asking');
  assert.is(injectPixels([OWNER_PIXEL()]), 0, 'no pixel while the platform is asking');
  assert.is(storage.local.length + storage.session.length, 0, 'nothing written');
  assert.equal(searchResponseIds(), ['search-1'], 'kept for the page');
  cmp.update(TC.granted(), false);
  await tick();
  assert.is(consentPending(), false);
  // Sent by the decision itself, not by a later flush.
  assert.is(rec.sent.length, 1, 'the waiting pingback went');
  assert.is(rec.sent[0].body.sessions[0].user.random_id, storage.local.getItem(RANDOM_ID_KEY));
  assert.is(pixels()['owner.example'].get('gdpr'), '1', 'the waiting pixel fired, macros filled');
  rememberSearchResponseId('search-2');
  assert.is(storage.session.getItem(SEARCH_RESPONSE_IDS_KEY), '["search-1","search-2"]');
});

test('the platform showing its banner is not a decision: cmpuishown keeps everything waiting', async () => {
  const cmp = tcfPlatform();
  cmp.update('', true);
  await tick();
  assert.is(consentPending(), true);
  assert.is(mayStore(), false);
});

test('refused everything: no storage, pingbacks without any id, the ad vendor pixel withheld, the owner pixel fired with the TC string', async () => {
  const cmp = tcfPlatform();
  const refused = TC.refused();
  cmp.update(refused, false);
  await tick();
  assert.equal(await sendOne(), {}, 'a cookieless count');
  assert.is(storage.local.length, 0);
  injectPixels([AD_PIXEL(), OWNER_PIXEL(), OUR_PIXEL()]);
  const fired = pixels();
  assert.equal(Object.keys(fired).sort(), ['owner.example']);
  assert.is(fired['owner.example'].get('gdpr'), '1');
});

test('purposes granted, vendors refused: our vendor lacks consent, so nothing stored and no id; vendor pixels withheld', async () => {
  tcfPlatform().update(TC.noVendors(), false);
  await tick();
  assert.is(mayStore(), false);
  assert.equal(await sendOne(), {});
  injectPixels([AD_PIXEL(), OUR_PIXEL()]);
  assert.equal(Object.keys(pixels()), []);
});

test('all granted but the ad vendor: ids kept and sent, our pixel fires with the TC string, the ad vendor pixel is withheld', async () => {
  tcfPlatform().update(TC.notAdVendor(), false);
  await tick();
  const tc = TC.notAdVendor();
  assert.ok((await sendOne())!.random_id);
  injectPixels([AD_PIXEL(), OUR_PIXEL()]);
  const fired = pixels();
  assert.equal(Object.keys(fired), ['ours.example']);
  assert.is(fired['ours.example'].get('tc'), tc);
  assert.is(fired['ours.example'].get('gdpr'), '1');
});

test('GDPR does not apply: as without a platform, GDPR=0, every pixel fires', async () => {
  tcfPlatform().update(null, false);
  await tick();
  assert.is(mayStore(), true);
  assert.ok((await sendOne())!.random_id);
  injectPixels([AD_PIXEL()]);
  assert.is(pixels()['ad.example'].get('gdpr'), '0');
  assert.is(pixels()['ad.example'].get('tc'), '');
});

test('a changed choice counts for what comes next: a withdrawal after a grant stops storage and ids, and removes what was kept', async () => {
  const cmp = tcfPlatform();
  cmp.update(TC.granted(), false);
  await tick();
  assert.ok((await sendOne())!.random_id);
  rememberSearchResponseId('search-1');
  storage.local.setItem('gif-embed:picker-favorites', '{"v":1,"gifs":["abc"]}');
  assert.ok(storage.local.getItem(RANDOM_ID_KEY) && storage.session.getItem(SEARCH_RESPONSE_IDS_KEY));
  cmp.update(TC.refused(), false);
  await tick();
  assert.equal(await sendOne(), {});
  assert.is(mayStore(), false);
  assert.is(storage.local.getItem(RANDOM_ID_KEY), null, 'the id kept under the grant is removed');
  assert.is(storage.session.getItem(SEARCH_RESPONSE_IDS_KEY), null);
  assert.is(storage.local.getItem('gif-embed:picker-favorites'), null, 'the picker\'s lists kept under the grant go too');
});

test('timeout: a platform that never decides counts as refused once consentTimeoutMs has passed; pixels naming a vendor withheld', async () => {
  configure({ consentTimeoutMs: 30 });
  tcfPlatform();
  assert.is(consentPending(), true);
  pingback({ gif, actionType: 'SEEN' });
  await flushPingbacks();
  injectPixels([OWNER_PIXEL(), AD_PIXEL()]);
  assert.is(rec.sent.length, 0);
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.is(consentPending(), false);
  await flushPingbacks();
  assert.equal(rec.sent.map((sent) => sent.body.sessions[0].user), [{}], 'the waiting pingback, without an id');
  assert.equal(Object.keys(pixels()), ['owner.example'], 'the owner decides; the vendor pixel is withheld');
  assert.is(pixels()['owner.example'].get('gdpr'), '', 'GDPR unknown: empty');
});

test('a page going away while the platform asks sends what waits, without ids: nothing is lost', async () => {
  tcfPlatform();
  pingback({ gif, actionType: 'SEEN' });
  await flushPingbacks(true);
  assert.equal(rec.sent.map((sent) => [sent.unloading, sent.body.sessions[0].user]), [[true, {}]]);
});

test('macro substitution: each macro, its URL-encoded form, values encoded, a vendor id of another length', () => {
  const decided = new Map([
    ['tcf', tcfSignal({ gdprApplies: true, eventStatus: 'tcloaded', tcString: 'CQ.A-b_c', addtlConsent: '1~1.35', purpose: { consents: { 1: true } }, vendor: { consents: { 7: true } } }, 0)!],
    ['gpp', gppSignal({ signalStatus: 'ready', gppString: 'DBAB~CQ', applicableSections: [7, 8, -1], parsedSections: { uspv1: { Version: 1, Notice: 'Y', OptOutSale: 'N', LspaCovered: 'N' } } })!],
  ] as const);
  assert.is(
    fillMacros('https://p.example/i?a=${GDPR}&b=${GDPR_CONSENT_7}&c=${ADDTL_CONSENT}&d=${GPP_STRING_7}&e=${GPP_STRING}&f=${GPP_SID}&g=${US_PRIVACY}&h=$%7bgdpr%7d', new Map(decided)),
    'https://p.example/i?a=1&b=CQ.A-b_c&c=1~1.35&d=DBAB~CQ&e=DBAB~CQ&f=7%2C8&g=1YNN&h=1',
  );
  assert.is(fillMacros('https://p.example/i?v=${GDPR_CONSENT_12345}', new Map(decided)), undefined, 'vendor 12345 lacks consent');
});

test('through a locator frame: answers come by postMessage (as objects or JSON), only from the platform\'s window; another frame\'s, a huge or a broken message is ignored', async () => {
  // The frame holding the platform, as the gate sees it: a window it posts to.
  const posted: { __tcfapiCall: { command: string; version: number; callId: string } }[] = [];
  const platform = { postMessage: (message: (typeof posted)[number]) => posted.push(message) } as unknown as Window;
  const gate = askPlatforms({ tcf: platform }, { tcfVendorId: OUR_VENDOR, consentTimeoutMs: CONSENT_TIMEOUT_MS });
  assert.equal(posted.map((m) => [m.__tcfapiCall.command, m.__tcfapiCall.version]), [['addEventListener', 2]]);
  const { callId } = posted[0].__tcfapiCall;
  const granted = { gdprApplies: true, eventStatus: 'tcloaded', tcString: 'CQ', purpose: { consents: { 1: true, 7: true } }, vendor: { consents: { [OUR_VENDOR]: true } } };
  const answer = (returnValue: object) => ({ __tcfapiReturn: { returnValue, success: true, callId } });
  const arrive = (data: unknown, source: unknown) => window.dispatchEvent(new MessageEvent('message', { data, source: source as Window }));
  arrive(answer(granted), window);
  arrive(JSON.stringify(answer(granted)), null);
  arrive(`${JSON.stringify(answer(granted))}${' '.repeat(200_000)}`, platform);
  arrive('{"__tcfapiReturn": ', platform);
  assert.is(gate.pending(), true, 'nothing the platform did not say');
  arrive(JSON.stringify(answer(granted)), platform);
  assert.is(gate.pending(), false);
  assert.is(gate.allows('ids'), true);
  arrive(answer({ ...granted, eventStatus: 'useractioncomplete', purpose: { consents: {} } }), platform);
  assert.is(gate.allows('store'), false, 'a later answer as an object: the changed choice');
});

test('GPP: a usnat section opting out of sale keeps no id; the GPP macros are filled', async () => {
  const gpp = gppPlatform();
  gpp.setFieldValue('usnat', 'SaleOptOutNotice', 1);
  gpp.setFieldValue('usnat', 'SaleOptOut', 1);
  gpp.setApplicableSections([7]);
  assert.is(consentPending(), true, 'not ready yet');
  gpp.setSignalStatus('ready' as never);
  gpp.fireSectionChange('usnat');
  await tick();
  assert.is(consentPending(), false);
  assert.is(mayStore(), false);
  assert.equal(await sendOne(), {});
  injectPixels([AD_PIXEL()]);
  assert.is(pixels()['ad.example'].get('gpp'), gpp.getGppString());
  assert.is(pixels()['ad.example'].get('sid'), '7');
});

test('GPP: a usnat section with no opt-out keeps ids as before; a ready platform answers the first ping', async () => {
  const gpp = gppPlatform();
  gpp.setFieldValue('usnat', 'SaleOptOutNotice', 1);
  gpp.setFieldValue('usnat', 'SaleOptOut', 2);
  gpp.setApplicableSections([7]);
  gpp.setSignalStatus('ready' as never);
  assert.is(consentPending(), false, 'decided by the ping');
  assert.ok((await sendOne())!.random_id);
});

test('GPP: the Gpc field of a state section opts out too', () => {
  assert.is(gppSignal({ signalStatus: 'ready', parsedSections: { usca: { SaleOptOut: 2, Gpc: true } } })!.ids, false);
  assert.is(gppSignal({ signalStatus: 'ready', parsedSections: { usnat: [{ TargetedAdvertisingOptOut: 1 }, { Gpc: false }] } })!.store, false, 'GPP 1.0 segments');
  assert.is(gppSignal({ signalStatus: 'not ready', parsedSections: {} }), undefined);
});

test('Global Privacy Control and the publisher\'s dnt: no id kept, pingbacks without one, pixels as usual', async () => {
  configure({ tcfVendorId: 0 });
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
  try {
    assert.equal(await sendOne(), {});
    assert.is(storage.local.length, 0);
  } finally {
    delete (navigator as unknown as Record<string, unknown>).globalPrivacyControl;
  }
  configure({ dnt: true });
  assert.equal(await sendOne(), {});
  assert.is(storage.local.length, 0);
  injectPixels([OWNER_PIXEL()]);
  assert.ok(pixels()['owner.example']);
  configure({ dnt: false });
  assert.ok((await sendOne())!.random_id);
});

test('no platform: what waits for a decision runs at once; a runtime without navigator (a server) still decides', () => {
  configure({ tcfVendorId: 0 });
  let ran = false;
  whenConsentDecided(() => (ran = true));
  assert.is(ran, true);
  const real = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: undefined });
  try {
    assert.is(mayStore(), true);
  } finally {
    if (real) Object.defineProperty(globalThis, 'navigator', real);
  }
});

test('the page names our vendor, its platform comes late: everything waits while it is looked for, then it is obeyed', async () => {
  const sent = sendOne();
  assert.is(consentPending(), true, 'looked for');
  await new Promise((resolve) => setTimeout(resolve, 3 * LOOK_AGAIN_MS));
  assert.is(rec.sent.length, 0, 'nothing sent while the platform is looked for');
  assert.is(storage.local.length + storage.session.length, 0, 'nothing stored');
  const cmp = tcfPlatform();
  await new Promise((resolve) => setTimeout(resolve, 2 * LOOK_AGAIN_MS));
  assert.is(rec.sent.length, 0, 'found, still asking');
  cmp.update(TC.refused(), false);
  await sent;
  await tick();
  assert.equal(rec.sent.map((body) => body.body.sessions[0].user), [{}], 'the waiting pingback went, without an id');
  assert.is(storage.local.length, 0);
});

test('the page names our vendor and no platform ever comes: at the timeout, as a page without one; a later platform is still obeyed', async () => {
  configure({ consentTimeoutMs: 3 * LOOK_AGAIN_MS });
  assert.is(consentPending(), true);
  await new Promise((resolve) => setTimeout(resolve, 5 * LOOK_AGAIN_MS));
  assert.is(consentPending(), false);
  assert.ok((await sendOne())!.random_id);
  const cmp = tcfPlatform();
  const sent = sendOne();
  assert.is(consentPending(), true, 'found at the next need');
  cmp.update(TC.refused(), false);
  assert.equal(await sent, {});
  assert.is(storage.local.getItem(RANDOM_ID_KEY), null, 'the id kept before is removed');
});

test('no vendor named: before the platform comes, as without one; from its refusal on, no id, and the ids kept before are removed', async () => {
  configure({ tcfVendorId: 0 });
  assert.ok((await sendOne())!.random_id);
  assert.ok(storage.local.getItem(RANDOM_ID_KEY));
  const cmp = tcfPlatform();
  const sent = sendOne();
  assert.is(consentPending(), true, 'found at the next need, and waited for');
  cmp.update(TC.refused(), false);
  assert.equal(await sent, {});
  assert.is(storage.local.getItem(RANDOM_ID_KEY), null);
});

test('a polluted Object.prototype does not turn a refusal into consent', async () => {
  const proto = Object.prototype as unknown as Record<string, unknown>;
  const keys = ['1', '7', String(OUR_VENDOR), String(AD_VENDOR), 'gdprApplies'];
  for (const key of keys) proto[key] = key === 'gdprApplies' ? false : true;
  try {
    const cmp = tcfPlatform();
    cmp.update(TC.refused(), false);
    await tick();
    assert.equal(await sendOne(), {});
    assert.is(storage.local.length, 0);
    assert.is(withConsentMacros(`https://ad.example/p?tc=\${GDPR_CONSENT_${AD_VENDOR}}`), undefined, 'the vendor\'s pixel withheld');
  } finally {
    for (const key of keys) delete proto[key];
  }
});

test('a timeout of Infinity (or 2^31 ms and more) waits, rather than refusing at once', async () => {
  configure({ consentTimeoutMs: Infinity });
  const cmp = tcfPlatform();
  await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
  assert.is(consentPending(), true, 'still asking');
  cmp.update(TC.granted(), false);
  await tick();
  assert.ok((await sendOne())!.random_id, 'the grant is heard');
});

test('a Global Privacy Control getter that throws: the pingback goes without ids, nothing lost, nothing thrown', async () => {
  configure({ tcfVendorId: 0 });
  Object.defineProperty(navigator, 'globalPrivacyControl', { get: () => { throw new Error('hostile'); }, configurable: true });
  try {
    pingback({ gif, actionType: 'SEEN' });
    await flushPingbacks();
    await tick();
    assert.is(rec.sent.length, 1);
    assert.equal(rec.sent[0].body.sessions[0].user, {});
    assert.is(rec.sent[0].body.sessions[0].events[0].actions[0].action_type, 'SEEN');
  } finally {
    delete (navigator as unknown as Record<string, unknown>).globalPrivacyControl;
  }
});

test('a hostile platform\'s later answers (garbage, a Proxy that throws on every read) are ignored, never thrown; it times out as refused', async () => {
  configure({ consentTimeoutMs: 2 * LOOK_AGAIN_MS });
  const hostile = new Proxy({}, { get: () => { throw new Error('hostile'); }, has: () => { throw new Error('hostile'); }, getOwnPropertyDescriptor: () => { throw new Error('hostile'); } });
  const answers: ((value: unknown, ok: boolean) => void)[] = [];
  (window as unknown as Record<string, unknown>).__tcfapi = (_command: string, _version: number, callback: (value: unknown, ok: boolean) => void) => void answers.push(callback);
  const sent = sendOne();
  await tick();
  assert.ok(answers.length > 0, 'asked');
  for (const value of [hostile, 'garbage', null, 42, { eventStatus: hostile }]) for (const callback of answers) callback(value, true);
  await sent;
  await new Promise((resolve) => setTimeout(resolve, 3 * LOOK_AGAIN_MS));
  await tick();
  assert.equal(rec.sent.map((body) => body.body.sessions[0].user), [{}], 'the pingback went at the timeout, refused');
});

test('a consent string with a lone surrogate is encoded (U+FFFD), and a vendor id of 7 digits is a macro too', () => {
  const decided = new Map([['tcf', { store: true, ids: true, vendor: () => true, macros: { GDPR: '1', GDPR_CONSENT: 'CP\uD800x' } }]]) as Parameters<typeof fillMacros>[1];
  assert.is(fillMacros('https://a.example/p?tc=${GDPR_CONSENT_1234567}&n=1', decided), 'https://a.example/p?tc=CP%EF%BF%BDx&n=1');
  decided.set('tcf', { store: false, ids: false, vendor: () => false, macros: { GDPR: '1' } });
  assert.is(fillMacros('https://a.example/p?tc=${GDPR_CONSENT_1234567}', decided), undefined, 'a 7-digit vendor without consent is withheld');
});

test.run();
