/**
 * The local service as careful as production code (what `npm start` and every browser test
 * run): bounded memory for what it records, a JSON depth limit, its test hooks refused to other
 * sites, redirects that stay on its own origin, no trust in the Host header, and a policy on the
 * iframe player page.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { IDS } from '../../../server/catalogue/index';
import { MAX_PINGBACK_BYTES } from '../../../server/pingbacks';
import { MAX_JSON_DEPTH, RECORD_BYTES_CAP, jsonDepth } from '../../../server/records';
import { raw, withService } from './service';
import { readFileSync } from 'node:fs';
import { LOCAL_API_KEY } from '../../../server/pages';
import { withSettings } from '../../../src/player-page/settings';

let base = '';
withService(test, (service) => (base = service.url));
test.before.each(async () => {
  await raw(base, '/_local/reset', { method: 'POST' });
});

setFlagsFromString('--expose-gc');
/** A full garbage collection, so heap figures are what is kept, not what is waiting to go. */
const collect = runInNewContext('gc') as () => void;

/** The most the service's heap may grow by keeping pingbacks, whatever is posted. */
const SERVICE_HEAP_GROWTH_CAP = 4 * RECORD_BYTES_CAP;

/** A valid pingback body of about `bytes` bytes (its padding inside an action's attribute). */
function pingbackOf(bytes: number): string {
  const shell = (pad: string) => JSON.stringify({ sessions: [{ events: [{ response_id: 'r', actions: [{ action_type: 'SEEN', gif_id: IDS.plain, attributes: [{ key: 'pad', value: pad }] }] }] }] });
  return shell('x'.repeat(bytes - shell('').length));
}

test('500 pingbacks of 1 MB from a visitor: each is taken, and the service keeps at most RECORD_BYTES_CAP of them (memory stays under a cap)', async () => {
  const body = pingbackOf(MAX_PINGBACK_BYTES - 16);
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  let accepted = 0;
  // Four at a time, on loopback: 500 requests in all, a bounded loop.
  for (let sent = 0; sent < 500; sent += 4) {
    const answers = await Promise.all([0, 1, 2, 3].map(() => raw(base, '/pingback?apikey=flood', { method: 'POST', body, headers: { 'Content-Type': 'text/plain' } })));
    accepted += answers.filter((res) => res.status === 200).length;
  }
  assert.is(accepted, 500);
  collect();
  const grown = process.memoryUsage().heapUsed - heapBefore;
  assert.ok(grown < SERVICE_HEAP_GROWTH_CAP, `heap grew ${(grown / 1e6).toFixed(1)} MB (cap ${(SERVICE_HEAP_GROWTH_CAP / 1e6).toFixed(0)} MB)`);
  const kept = (await raw(base, '/_local/pingbacks')).json() as { count: number };
  assert.ok(kept.count >= 1 && kept.count * MAX_PINGBACK_BYTES <= RECORD_BYTES_CAP + MAX_PINGBACK_BYTES, `${kept.count} kept`);
  console.log(`  500 x 1 MB pingbacks: heap +${(grown / 1e6).toFixed(1)} MB, ${kept.count} kept`);
});

test(`a pingback nested deeper than ${MAX_JSON_DEPTH} is refused with 400, and the records stay readable`, async () => {
  const deep = `{"sessions":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`;
  assert.is(jsonDepth(deep), 100_002);
  const res = await raw(base, '/pingback?apikey=deep', { method: 'POST', body: deep, headers: { 'Content-Type': 'text/plain' } });
  assert.is(res.status, 400);
  // A "[" inside a string is not nesting.
  assert.is(jsonDepth('{"a":"[[[[[\\"[[["}'), 1);
  const list = await raw(base, '/_local/pingbacks');
  assert.is(list.status, 200);
});

test('the /_local/ hooks answer only the service\'s own pages; the pixel (an ad\'s image) answers any', async () => {
  const other = { Origin: 'http://evil.example' };
  for (const [path, method] of [['/_local/pingbacks', 'GET'], ['/_local/reset', 'POST'], ['/_local/fail?status=500', 'POST'], ['/_local/errors', 'DELETE']]) {
    assert.is((await raw(base, path, { method, headers: other })).status, 403, `${method} ${path} from another site`);
    assert.is((await raw(base, path, { method, headers: { 'Sec-Fetch-Site': 'cross-site' } })).status, 403, `${method} ${path} cross-site`);
  }
  assert.is((await raw(base, '/_local/pingbacks', { headers: { Origin: base, 'Sec-Fetch-Site': 'same-origin' } })).status, 200);
  assert.is((await raw(base, '/_local/pingbacks')).status, 200, 'no Origin: a tool or a typed address');
  assert.is((await raw(base, '/_local/pixel?id=1', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status, 200);
});

test('the twitter login comes back only to paths on this site: a tab, a backslash or a control character in next gives the root', async () => {
  for (const next of ['/%09/evil.example', '/%5Cevil.example', '/%0d%0aSet-Cookie:x=1', '//evil.example', '/\\evil.example', 'https://evil.example/']) {
    const res = await raw(base, `/login/twitter?next=${next}`);
    assert.is(res.status, 302);
    const location = String(res.headers.location);
    const back = new URL(location, base).searchParams.get('next');
    assert.is(back, '/', `${next} -> ${location}`);
  }
  const fine = await raw(base, '/login/twitter?next=/gifs/abc/tweet');
  assert.is(new URL(String(fine.headers.location), base).searchParams.get('next'), '/gifs/abc/tweet');
});

test('the Host header is never written into a page or an API answer: the configured origin is', async () => {
  const page = await raw(base, `/embed/${IDS.plain}`, { headers: { Host: 'evil.example' } });
  assert.match(page.text, `"apiBase": "${base}"`);
  assert.not.match(page.text, 'evil.example');
  const api = await raw(base, `/v1/gifs/${IDS.plain}?api_key=k`, { headers: { Host: 'evil.example' } });
  assert.not.match(api.text, 'evil.example');
});

test('the iframe player page is dist/\'s own page with this service\'s settings, at /embed/{id}, /embed/?id= and /embed/index.html', async () => {
  const shipped = readFileSync(new URL('../../../dist/embed/index.html', import.meta.url), 'utf8');
  for (const path of [`/embed/${IDS.plain}`, `/embed/${IDS.plain}/`, `/embed/?id=${IDS.plain}`, '/embed/index.html', '/embed/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E']) {
    const res = await raw(base, path);
    assert.is(res.status, 200, path);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.is(res.text, withSettings(shipped, { apiKey: LOCAL_API_KEY, apiBase: base, pingbackBase: base, siteBase: base }), path);
    assert.not.ok(res.headers['x-frame-options'], 'the page is meant to be framed');
  }
});

test('the player page\'s policy names its one inline script and style by hash, and nothing is inline besides (framing allowed); Referrer-Policy', async () => {
  const page = await raw(base, `/embed/${IDS.plain}?related`);
  const policy = String(page.headers['content-security-policy']);
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const scripts = [...page.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const styles = [...page.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  assert.is(scripts.length, 1);
  assert.is(styles.length, 1);
  assert.match(policy, `script-src ${hash(scripts[0])} 'strict-dynamic'`);
  assert.match(policy, `style-src ${hash(styles[0])};`);
  assert.match(policy, /object-src 'none'/);
  assert.match(policy, /base-uri 'none'/);
  assert.not.match(policy, /frame-ancestors|unsafe-inline|unsafe-eval|unsafe-hashes/);
  assert.not.match(page.text, / style="| on[a-z]+="/, 'no inline style or handler attribute');
  assert.is(page.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.is(page.headers['cache-control'], 'public, max-age=300, must-revalidate');
});

test.run();
