import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { animatedRenditions, HOSTILE_BREAKOUT, HOSTILE_MARKUP, IDS, ITEMS, MEDIA_DIR, renditionFiles } from '../../../server/catalogue/index';
import { paletteFor } from '../../../server/catalogue/art';
import { artOf, encodeGif, itemFrames } from '../../../server/catalogue/encode-gif';
import { getJson, KEY, raw, withService } from './service';
import { beforeAll } from '../../support/before-all';

let base = '';
let gifs: any[] = [];

withService(test, (service) => (base = service.url));
beforeAll(test, async () => {
  gifs = [...(await getJson(base, `/v1/gifs/trending?${KEY}&limit=100`)).body.data, ...(await getJson(base, `/v1/stickers/trending?${KEY}&limit=100`)).body.data];
  clips = (await getJson(base, `/v1/videos?${KEY}&limit=100`)).body.data;
});

let clips: any[] = [];
const byId = (id: string) => gifs.find((g) => g.id === id) ?? clips.find((g) => g.id === id);
const truthy = (v: unknown) => v === true || v === 1;

test('the catalogue holds at least 60 items with unique ids, at least 10 of them stickers', () => {
  assert.ok(gifs.length >= 60);
  assert.is(new Set(gifs.map((g) => g.id)).size, gifs.length);
  const stickers = gifs.filter((g) => g.is_sticker === 1);
  assert.ok(stickers.length >= 10);
  assert.ok(stickers.every((g) => g.type === 'sticker'));
});

test('every named id used by tests and examples exists and is what its name says', () => {
  for (const id of Object.values(IDS)) assert.ok(byId(id), id);
  assert.is(byId(IDS.sticker).type, 'sticker');
  assert.is(byId(IDS.youtube).external_media.provider_name, 'youtube');
  assert.is(byId(IDS.vimeo).external_media.provider_name, 'vimeo');
  assert.ok(byId(IDS.bottle).bottle_data.tid);
  assert.not.ok('user' in byId(IDS.noUser));
  assert.is(byId(IDS.noUser).username, '');
  assert.not.ok(truthy(byId(IDS.unverified).user.is_verified));
  assert.ok(truthy(byId(IDS.plain).user.is_verified));
  assert.not.ok(truthy(byId(IDS.notPublic).user.is_public));
  assert.ok(truthy(byId(IDS.suppressed).user.suppress_chrome));
  assert.is(byId(IDS.noDisplayName).user.display_name, '');
  assert.is(byId(IDS.untitled).title, '');
  assert.ok(byId(IDS.objectTags).tags.every((t: any) => typeof t === 'object' && typeof t.text === 'string'));
  assert.ok(byId(IDS.hd).images.hd);
  assert.ok(Number(byId(IDS.portrait).images.original.height) > Number(byId(IDS.portrait).images.original.width));
  for (const id of [IDS.clip, IDS.clip2, IDS.clip3, IDS.clipPortrait]) assert.is(byId(id).type, 'video', id);
});

test('clips (GET videos) move only as mp4, with stills; the hd ones have an hd mp4; none is listed with the GIFs', async () => {
  assert.ok(clips.length >= 4);
  for (const clip of clips) {
    for (const key of ['original', 'fixed_width', 'fixed_height', 'fixed_width_small', 'fixed_height_small']) {
      const rendition = clip.images[key];
      assert.match(rendition.mp4, /\.mp4$/, `${clip.id} ${key}`);
      assert.not.ok(rendition.url || rendition.webp, `${clip.id} ${key}: no GIF or WebP`);
      assert.match(clip.images[`${key}_still`].url, /_s\.gif$/);
    }
  }
  assert.match(byId(IDS.clip).images.hd.mp4, /giphy-hd\.mp4$/);
  assert.not.ok(byId(IDS.clipPortrait).images.hd);
  assert.not.ok(gifs.some((g) => g.type === 'video'));
  const { body: one } = await getJson(base, `/v1/videos/${IDS.clip}?${KEY}`);
  assert.is(one.data.id, IDS.clip);
  assert.is((await getJson(base, `/v1/videos/${IDS.plain}?${KEY}`)).status, 404, 'a GIF is no clip');
  assert.is((await getJson(base, `/v1/gifs/${IDS.clip}?${KEY}`)).body.data.type, 'video', 'gifs/{id} finds a clip too, as the real API does');
  const { body: found } = await getJson(base, `/v1/videos?${KEY}&q=orbit`);
  assert.equal(found.data.map((g: any) => g.id), [IDS.clip]);
  const { body: related } = await getJson(base, `/v1/gifs/related?${KEY}&gif_id=${IDS.clip}`);
  assert.ok(related.data.length >= 3 && related.data.every((g: any) => g.type === 'video'), 'a clip\'s related are clips');
});

test('creators cover verified, unverified, not public, chrome-suppressed and missing, in both flag styles', () => {
  const users = gifs.map((g) => g.user).filter(Boolean);
  assert.ok(users.some((u) => truthy(u.is_verified)));
  assert.ok(users.some((u) => !truthy(u.is_verified)));
  assert.ok(users.some((u) => !truthy(u.is_public)));
  assert.ok(users.some((u) => truthy(u.suppress_chrome)));
  assert.ok(gifs.some((g) => !g.user));
  assert.ok(users.some((u) => typeof u.is_verified === 'boolean'));
  assert.ok(users.some((u) => typeof u.is_verified === 'number'));
  for (const u of users) {
    for (const key of ['username', 'display_name', 'profile_url', 'avatar_url']) assert.type(u[key], 'string');
  }
});

test('titles empty and present, tags as strings and as {text} objects', () => {
  assert.ok(gifs.filter((g) => g.title === '').length >= 3);
  assert.ok(gifs.filter((g) => g.title !== '').length >= 40);
  assert.ok(gifs.some((g) => g.tags.some((t: unknown) => typeof t === 'string')));
  assert.ok(gifs.some((g) => g.tags.some((t: any) => typeof t === 'object' && 'text' in t)));
  for (const g of gifs) {
    const texts = g.tags.map((t: any) => (typeof t === 'string' ? t : t.text));
    assert.is(g.tags_string, texts.join(', '));
  }
});

test('at least two items each on youtube and vimeo, with asset ids and start times', () => {
  const on = (provider: string) => gifs.filter((g) => g.external_media?.provider_name === provider);
  assert.ok(on('youtube').length >= 2);
  assert.ok(on('vimeo').length >= 2);
  for (const g of [...on('youtube'), ...on('vimeo')]) {
    assert.match(g.external_media.asset_uid, /^[\w-]+$/);
    assert.type(g.external_media.start, 'number');
  }
  assert.ok(gifs.filter((g) => !g.external_media).length > 50);
});

test('bottle_data is {} by default; tracking items carry a tid and pixel snippets pointing back here', async () => {
  assert.ok(gifs.filter((g) => Object.keys(g.bottle_data).length === 0).length > 50);
  const tracked = gifs.filter((g) => g.bottle_data.tid);
  assert.ok(tracked.length >= 2);
  for (const g of tracked) {
    assert.ok(g.bottle_data.tags.length >= 1);
    for (const snippet of g.bottle_data.tags) {
      assert.ok(snippet.includes(`${base}/_local/pixel?id=${g.id}`), snippet);
      assert.ok(snippet.includes('%%CACHEBUSTER%%'));
    }
  }
});

test('hostile strings sit in titles, usernames, tags and profile urls, as data', () => {
  const hostile = byId(IDS.hostile);
  assert.ok(hostile.title.includes(HOSTILE_MARKUP));
  assert.ok(hostile.title.includes(HOSTILE_BREAKOUT));
  assert.is(hostile.username, HOSTILE_MARKUP);
  assert.is(hostile.user.display_name, HOSTILE_BREAKOUT);
  assert.is(hostile.user.profile_url, 'javascript:alert(1)');
  assert.ok(hostile.tags.includes(HOSTILE_MARKUP));
  assert.ok(hostile.tags.some((t: any) => t.text === HOSTILE_BREAKOUT));
  assert.ok(byId(IDS.hostileSticker).tags.some((t: any) => typeof t === 'string' && t === HOSTILE_BREAKOUT));
});

test('GIF pages and short links exist for every item', async () => {
  const g = byId(IDS.plain);
  const page = await raw(base, new URL(g.url).pathname);
  assert.is(page.status, 200);
  assert.ok(page.text.includes(`data-gif-id="${IDS.plain}"`));
  const short = await raw(base, new URL(g.bitly_url).pathname);
  assert.is(short.status, 302);
  assert.is(short.headers.location, `/gifs/${g.slug}`);
  assert.is(ITEMS.length, gifs.length);
});

test('the committed GIFs are exactly what the generator in this repo draws (deterministic, nothing downloaded)', () => {
  const sample = [IDS.plain, IDS.sticker, IDS.portrait, ITEMS[ITEMS.length - 1].id].map((id) => ITEMS.find((i) => i.id === id)!);
  for (const item of sample) {
    const art = artOf(item);
    for (const r of animatedRenditions(item.width, item.height)) {
      const frames = itemFrames(item, r.width, r.height);
      const files = renditionFiles(r.stem);
      const animated = Buffer.from(encodeGif(art, paletteFor(art), frames, r.width, r.height));
      const still = Buffer.from(encodeGif(art, paletteFor(art), [frames[0]], r.width, r.height));
      assert.ok(animated.equals(readFileSync(join(MEDIA_DIR, item.id, files.gif))), `${item.id}/${files.gif}`);
      assert.ok(still.equals(readFileSync(join(MEDIA_DIR, item.id, files.stillGif))), `${item.id}/${files.stillGif}`);
    }
  }
});

test('animations loop seamlessly: frames differ, and none repeats the first', () => {
  const item = ITEMS.find((i) => i.id === IDS.plain)!;
  const frames = itemFrames(item, 80, 60).map((f) => Buffer.from(f));
  assert.ok(new Set(frames.map((f) => f.toString('base64'))).size > frames.length / 2);
  assert.not.ok(frames.slice(1).some((f) => f.equals(frames[0])));
});

test.run();
