/**
 * The normaliser over the local service's real-shaped responses (string sizes, 0/1 flags,
 * numbered media hosts, hostile users), from the local service itself (server/app.ts).
 */
import { raw } from '../server/service';
import { startService } from '../../../server/app';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { altText, attributionOf, GIF_FLAGS, normalizeGif, pickRendition } from '../../../src/model';
import { sanitizePixel, bottlePixelSnippets } from '../../../src/analytics';
import { beforeAll } from '../../support/before-all';

let service: { url: string; close(): Promise<void> };

beforeAll(test, async () => {
  service = await startService({ port: 0, quiet: true });
});

test.after(async () => {
  await service?.close();
});

async function getJson(path: string): Promise<{ data: unknown; meta: { response_id?: string }; pagination?: unknown }> {
  const response = await fetch(`${service.url}${path}`);
  assert.is(response.status, 200, path);
  return response.json();
}

test('every GIF of /v1/gifs/trending normalises into trustworthy fields', async () => {
  const body = await getJson('/v1/gifs/trending?api_key=unit&limit=50');
  assert.ok(Array.isArray(body.data) && body.data.length > 0);
  const gifs = (body.data as unknown[]).map((raw) => normalizeGif(raw, { response_id: body.meta.response_id }));
  for (const gif of gifs) {
    assert.type(gif.id, 'string');
    assert.ok(gif.id.length > 0);
    assert.is(gif.response_id, body.meta.response_id);
    for (const flag of GIF_FLAGS) assert.type(gif[flag], 'boolean', `${gif.id} ${flag}`);
    assert.ok(gif.tags.every((t) => typeof t === 'string' && t.length > 0), `${gif.id} tags`);
    assert.ok(Object.keys(gif.images).length > 0, `${gif.id} has images`);
    for (const [name, r] of Object.entries(gif.images)) {
      assert.type(r!.width, 'number', `${gif.id} ${name} width`);
      assert.ok(r!.width > 0 && r!.height > 0, `${gif.id} ${name} size`);
      for (const u of [r!.url, r!.webp, r!.mp4]) if (u) assert.not.match(u, /\/\/media\d+\./, `${gif.id} ${name} host`);
    }
    assert.ok(pickRendition(gif.images, 200, 200), `${gif.id} has a rendition for a 200px box`);
    assert.ok(altText(gif).length > 0);
    if (gif.images.hd?.mp4) assert.is(gif.video, gif.images.hd.mp4);
    else assert.is(gif.video, gif.images.original?.mp4);
    if (gif.user) {
      for (const f of ['is_verified', 'is_public', 'suppress_chrome'] as const) assert.type(gif.user[f], 'boolean');
      const who = attributionOf(gif.user);
      if (who) assert.match(who.handle, /^(@[a-z0-9_.-]+)?$/);
    }
  }
});

test('sponsored GIFs from the service carry a tid and pixels that sanitise to bare images', async () => {
  const body = await getJson('/v1/gifs/search?api_key=unit&q=sponsored&limit=50');
  const sponsored = (body.data as unknown[]).map((raw) => normalizeGif(raw)).filter((g) => g.bottle_data.tid);
  assert.ok(sponsored.length >= 2, 'the catalogue has two campaigns');
  const tags = sponsored.flatMap((gif) => bottlePixelSnippets(gif.bottle_data).flatMap((snippet) => sanitizePixel(snippet, 1)));
  // Campaign 01 has one pixel; campaign 02 adds a second one wrapped in onerror and <script>.
  assert.is(tags.length, 3);
  for (const tag of tags) assert.match(tag, /^<img src="http:\/\/[^"]+\/_local\/pixel\?id=[^"]*&amp;tid=tidLocalCampaign0[12]&amp;cb=1(&amp;n=2)?">$/);
});

test('a pingback for a sponsored GIF reaches the service at once, in the spec shape', async () => {
  const { configure } = await import('../../../src/config');
  const { pingback, flushPingbacks, resetPingbacks, setTransport } = await import('../../../src/analytics');
  configure({ pingbackBase: service.url, apiKey: 'unit-key' });
  setTransport();
  resetPingbacks();
  // The records are read as a tool reads them (Node's own http): happy-dom's fetch is a page of
  // another origin, which the service's /_local/ hooks refuse.
  await raw(service.url, '/_local/pingbacks', { method: 'DELETE' });
  const body = await getJson('/v1/gifs/search?api_key=unit&q=sponsored&limit=50');
  const gif = (body.data as unknown[]).map((raw) => normalizeGif(raw, { response_id: body.meta.response_id })).find((g) => g.bottle_data.tid)!;
  pingback({ gif, actionType: 'CLICK', position: 0 });
  await flushPingbacks();
  const log = (await raw(service.url, '/_local/pingbacks')).json() as {
    count: number;
    pingbacks: { apikey: string; body: { sessions: { events: { response_id: string; actions: { gif_id: string; tid: string; action_type: string }[] }[] }[] } }[];
  };
  assert.is(log.count, 1);
  assert.is(log.pingbacks[0].apikey, 'unit-key');
  const event = log.pingbacks[0].body.sessions[0].events[0];
  assert.is(event.response_id, body.meta.response_id);
  assert.equal(
    event.actions.map((a) => [a.action_type, a.gif_id, a.tid]),
    [['CLICK', gif.id, gif.bottle_data.tid]],
  );
  resetPingbacks();
});

test.run();
