import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { IDS, ITEMS, relatedItems, searchItems } from '../../../server/catalogue/index';
import { getJson, KEY, looksLikeStack, raw, withService } from './service';

let base = '';
let port = 0;

withService(test, (service) => {
  base = service.url;
  port = service.port;
});

const STILLS = ['original_still', 'fixed_width_still', 'fixed_height_still', 'fixed_width_small_still', 'fixed_height_small_still', 'downsized_still'];
const ANIMATED = ['original', 'fixed_width', 'fixed_height', 'fixed_width_small', 'fixed_height_small', 'downsized', 'downsized_large'];
const FLAGS = ['is_anonymous', 'is_community', 'is_featured', 'is_hidden', 'is_indexable', 'is_preserve_size', 'is_realtime', 'is_removed', 'is_sticker'];

async function allGifs(): Promise<any[]> {
  const gifs = await getJson(base, `/v1/gifs/trending?${KEY}&limit=100`);
  const stickers = await getJson(base, `/v1/stickers/trending?${KEY}&limit=100`);
  return [...gifs.body.data, ...stickers.body.data];
}

test('responses carry the real envelope with a fresh response id each time', async () => {
  const a = await getJson(base, `/v1/gifs/trending?${KEY}&limit=5`);
  const b = await getJson(base, `/v1/gifs/trending?${KEY}&limit=5`);
  assert.is(a.status, 200);
  assert.ok(Array.isArray(a.body.data));
  assert.is(a.body.data.length, 5);
  assert.equal(Object.keys(a.body.pagination).sort(), ['count', 'offset', 'total_count']);
  assert.is(a.body.pagination.count, 5);
  assert.is(a.body.pagination.offset, 0);
  assert.is(a.body.meta.status, 200);
  assert.is(a.body.meta.msg, 'OK');
  assert.match(a.body.meta.response_id, /^[0-9a-f]{40}$/);
  assert.is.not(a.body.meta.response_id, b.body.meta.response_id);
  assert.match(String(a.headers['content-type']), /^application\/json/);
  assert.is(a.headers['access-control-allow-origin'], '*');
});

test('every GIF object has the real shape: string sizes, 0/1 flags, numbered media hosts', async () => {
  const gifs = await allGifs();
  assert.is(gifs.length, ITEMS.length);
  const origin = base;
  for (const gif of gifs) {
    const where = gif.id;
    assert.ok(gif.is_sticker === 0 || gif.is_sticker === 1, where);
    assert.is(gif.type, gif.is_sticker ? 'sticker' : 'gif', where);
    for (const flag of FLAGS) assert.ok(gif[flag] === 0 || gif[flag] === 1, `${where} ${flag}`);
    assert.is(gif.url, `${origin}/gifs/${gif.slug}`);
    assert.ok(gif.slug.endsWith(gif.id));
    assert.is(gif.embed_url, `${origin}/embed/${gif.id}`);
    assert.type(gif.bitly_url, 'string');
    assert.type(gif.title, 'string');
    assert.type(gif.username, 'string');
    assert.type(gif.tags_string, 'string');
    assert.ok(Array.isArray(gif.tags));
    assert.type(gif.bottle_data, 'object');
    assert.match(gif.import_datetime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const media = new RegExp(`^http://media[0-4]\\.localhost:${port}/media/${gif.id}/[\\w-]+\\.(gif|webp|mp4)$`);
    for (const key of [...ANIMATED, ...STILLS]) {
      const r = gif.images[key];
      assert.ok(r, `${where} ${key}`);
      assert.match(r.width, /^\d+$/, `${where} ${key} width is a string`);
      assert.match(r.height, /^\d+$/);
      assert.match(r.size, /^\d+$/);
      assert.match(r.url, media);
      assert.match(r.webp, media);
      assert.ok(r.url.endsWith('.gif') && r.webp.endsWith('.webp'));
      if (ANIMATED.includes(key)) {
        assert.match(r.mp4, media);
        assert.ok(r.mp4.endsWith('.mp4'));
        assert.match(r.mp4_size, /^\d+$/);
      } else {
        assert.is(r.mp4, undefined, `${where} ${key}: stills have no mp4`);
      }
    }
    assert.is(gif.images.fixed_width.width, '200');
    assert.is(gif.images.fixed_height.height, '200');
    assert.is(gif.images.fixed_width_small.width, '100');
    assert.is(gif.images.fixed_height_small.height, '100');
    if (gif.images.hd) {
      assert.equal(Object.keys(gif.images.hd).sort(), ['height', 'mp4', 'mp4_size', 'width']);
      assert.match(gif.images.hd.mp4, /\.mp4$/);
      assert.is(gif.images.hd.width, '720');
    }
    // the same file always gets the same host, so it has one cache entry per host
    const hosts = new Set(Object.values(gif.images).map((r: any) => new URL(r.url ?? r.mp4).hostname));
    assert.is(hosts.size, 1);
  }
  const hostsUsed = new Set(gifs.map((g) => new URL(g.images.original.url).hostname));
  assert.ok(hostsUsed.size >= 3, 'media is spread over several numbered hosts');
});

test('gifs?ids= keeps the order asked, leaves unknown ids out and drops repeats', async () => {
  const ids = [IDS.vimeo, 'unknownId123', IDS.plain, IDS.sticker, IDS.plain];
  const { status, body } = await getJson(base, `/v1/gifs?${KEY}&ids=${ids.join(',')}`);
  assert.is(status, 200);
  assert.equal(body.data.map((g: any) => g.id), [IDS.vimeo, IDS.plain, IDS.sticker]);
  assert.equal(body.pagination, { total_count: 3, count: 3, offset: 0 });
  const none = await getJson(base, `/v1/gifs?${KEY}&ids=nope1,nope2`);
  assert.is(none.status, 200);
  assert.equal(none.body.data, []);
});

test('gifs/{id} returns one object, and stickers come back as stickers', async () => {
  const { body } = await getJson(base, `/v1/gifs/${IDS.sticker}?${KEY}`);
  assert.is(body.data.id, IDS.sticker);
  assert.is(body.data.type, 'sticker');
  assert.is(body.data.is_sticker, 1);
  assert.not.ok('pagination' in body);
});

const BAD: [string, number, RegExp][] = [
  [`/v1/gifs/${IDS.plain}`, 401, /No API key/],
  [`/v1/gifs/search?q=dots`, 401, /No API key/],
  [`/v1/gifs/${IDS.plain}?api_key=`, 401, /No API key/],
  [`/v1/gifs/unknownId999?${KEY}`, 404, /unknownId999/],
  [`/v1/gifs/related?${KEY}&gif_id=unknownId999`, 404, /unknownId999/],
  [`/v1/nothing/here?${KEY}`, 404, /No such API endpoint/],
  [`/v1/gifs/search?${KEY}&q=dots&offset=abc`, 400, /offset/],
  [`/v1/gifs/search?${KEY}&q=dots&offset=-1`, 400, /offset/],
  [`/v1/gifs/search?${KEY}&q=dots&offset=1.5`, 400, /offset/],
  [`/v1/gifs/trending?${KEY}&limit=101`, 400, /limit/],
  [`/v1/gifs/trending?${KEY}&limit=99999999999`, 400, /limit/],
  [`/v1/gifs/trending?${KEY}&limit=0`, 400, /limit/],
  [`/v1/gifs/trending?${KEY}&limit=1e2`, 400, /limit/],
  [`/v1/gifs/search?${KEY}`, 400, /q is required/],
  [`/v1/gifs/search?${KEY}&q=%20%20`, 400, /q is required/],
  [`/v1/gifs/related?${KEY}`, 400, /gif_id is required/],
  [`/v1/gifs/related?${KEY}&gif_id=a%24b`, 400, /gif_id is malformed/],
  [`/v1/gifs/abc%3Cscript%3E?${KEY}`, 400, /malformed/],
  [`/v1/gifs?${KEY}`, 400, /ids is required/],
  [`/v1/gifs?${KEY}&ids=,,`, 400, /ids is required/],
  [`/v1/gifs?${KEY}&ids=${IDS.plain},bad!id`, 400, /malformed/],
  [`/v1/gifs?${KEY}&ids=${Array.from({ length: 101 }, (_, i) => `id${i}`).join(',')}`, 400, /at most 100/],
  [`/v1/gifs/trending?${KEY}&rating=xxx`, 400, /rating/],
  [`/v1/gifs/%E0%A4%A?${KEY}`, 400, /percent-encoding/],
];

for (const [path, status, message] of BAD) {
  test(`${status} with a JSON message for ${path.slice(0, 90)}`, async () => {
    const res = await raw(base, path);
    assert.is(res.status, status);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const body = res.json();
    assert.match(body.message, message);
    assert.is(body.meta.status, status);
    assert.not.ok(looksLikeStack(res.text), res.text);
  });
}

test('a method the API does not take gets 405 with Allow', async () => {
  const res = await raw(base, `/v1/gifs/trending?${KEY}`, { method: 'DELETE' });
  assert.is(res.status, 405);
  assert.match(String(res.headers.allow), /GET/);
  assert.match(res.json().message, /GET/);
});

test('search pages through every match exactly once and reports the total', async () => {
  const expected = searchItems(ITEMS.filter((i) => !i.sticker), 'dots').map((i) => i.id);
  assert.ok(expected.length >= 3, 'the catalogue has several dot GIFs');
  const seen: string[] = [];
  for (let offset = 0; offset < expected.length; offset += 2) {
    const { body } = await getJson(base, `/v1/gifs/search?${KEY}&q=dots&offset=${offset}&limit=2`);
    assert.is(body.pagination.total_count, expected.length);
    assert.is(body.pagination.offset, offset);
    assert.is(body.pagination.count, body.data.length);
    seen.push(...body.data.map((g: any) => g.id));
  }
  assert.equal(seen, expected);
  const past = await getJson(base, `/v1/gifs/search?${KEY}&q=dots&offset=${expected.length + 10}`);
  assert.equal(past.body.data, []);
  assert.is(past.body.pagination.total_count, expected.length);
  assert.is(past.body.pagination.count, 0);
});

test('gif search finds only GIFs and sticker search only stickers', async () => {
  const gifs = await getJson(base, `/v1/gifs/search?${KEY}&q=star&limit=100`);
  const stickers = await getJson(base, `/v1/stickers/search?${KEY}&q=star&limit=100`);
  assert.ok(stickers.body.data.length >= 2);
  assert.ok(stickers.body.data.every((g: any) => g.type === 'sticker'));
  assert.ok(gifs.body.data.every((g: any) => g.type === 'gif'));
  const none = await getJson(base, `/v1/gifs/search?${KEY}&q=zzzqqq`);
  assert.equal(none.body.data, []);
  assert.is(none.body.pagination.total_count, 0);
});

test('related GIFs page 6 then 12 through the other GIFs, never the GIF itself', async () => {
  const item = ITEMS.find((i) => i.id === IDS.plain)!;
  const all = relatedItems(ITEMS, item).map((i) => i.id);
  const first = await getJson(base, `/v1/gifs/related?${KEY}&gif_id=${IDS.plain}&offset=0&limit=6`);
  const second = await getJson(base, `/v1/gifs/related?${KEY}&gif_id=${IDS.plain}&offset=6&limit=12`);
  assert.is(first.body.data.length, 6);
  assert.is(second.body.data.length, 12);
  assert.is(first.body.pagination.total_count, ITEMS.filter((i) => !i.sticker).length - 1);
  const ids = [...first.body.data, ...second.body.data].map((g: any) => g.id);
  assert.equal(ids, all.slice(0, 18));
  assert.not.ok(ids.includes(IDS.plain));
  assert.is(new Set(ids).size, 18);
  assert.ok(first.body.data.every((g: any) => g.type === 'gif'));
  // the best match shares a tag with the GIF
  const tags = new Set(item.tags.map(String));
  assert.ok(first.body.data[0].tags.some((t: any) => tags.has(typeof t === 'string' ? t : t.text)));
});

test('trending, random, tags, categories and channels answer in their real shapes', async () => {
  const trending = await getJson(base, `/v1/gifs/trending?${KEY}&limit=3`);
  assert.is(trending.body.pagination.total_count, ITEMS.filter((i) => !i.sticker).length);
  const stickers = await getJson(base, `/v1/stickers/trending?${KEY}`);
  assert.ok(stickers.body.data.every((g: any) => g.is_sticker === 1));

  const random = await getJson(base, `/v1/gifs/random?${KEY}`);
  assert.type(random.body.data.id, 'string');
  assert.is(random.body.data.type, 'gif');
  const tagged = await getJson(base, `/v1/gifs/random?${KEY}&tag=orbit`);
  assert.match(tagged.body.data.slug, /orbit/);
  const nothing = await getJson(base, `/v1/gifs/random?${KEY}&tag=zzzqqq`);
  assert.equal(nothing.body.data, []);

  const searches = await getJson(base, `/v1/trending/searches?${KEY}`);
  assert.ok(searches.body.data.length > 5);
  assert.ok(searches.body.data.every((s: unknown) => typeof s === 'string'));
  assert.match(searches.body.meta.response_id, /^[0-9a-f]{40}$/);

  const auto = await getJson(base, `/v1/gifs/search/tags?${KEY}&q=bou`);
  assert.ok(auto.body.data.length >= 1);
  assert.ok(auto.body.data.every((t: any) => t.name.startsWith('bou') && typeof t.name_encoded === 'string'));

  const relatedTags = await getJson(base, `/v1/tags/related/waves?${KEY}`);
  assert.ok(relatedTags.body.data.some((t: any) => t.name === 'video'));
  assert.not.ok(relatedTags.body.data.some((t: any) => t.name === 'waves'));
  const unknownTag = await getJson(base, `/v1/tags/related/zzzqqq?${KEY}`);
  assert.is(unknownTag.status, 200);
  assert.equal(unknownTag.body.data, []);

  const categories = await getJson(base, `/v1/gifs/categories?${KEY}`);
  assert.ok(categories.body.data.length >= 3);
  for (const c of categories.body.data) {
    assert.type(c.name, 'string');
    assert.match(c.name_encoded, /^[a-z0-9-]+$/);
    assert.type(c.gif.id, 'string');
    const inside = await getJson(base, `/v1/gifs/categories/${c.name_encoded}?${KEY}&limit=100`);
    assert.ok(inside.body.data.length >= 1);
  }
  const noCategory = await getJson(base, `/v1/gifs/categories/nope?${KEY}`);
  assert.is(noCategory.status, 404);

  const channels = await getJson(base, `/v1/channels/search?${KEY}&q=pixel`);
  assert.is(channels.body.data.length, 1);
  assert.is(channels.body.data[0].user.username, 'pixelsmith');
  assert.is(channels.body.data[0].display_name, 'Pixel Smith');
  assert.is(channels.body.pagination.total_count, 1);
});

test('large JSON is compressed when the client accepts it, small JSON and plain clients get identity', async () => {
  const plain = await raw(base, `/v1/gifs/trending?${KEY}&limit=20`);
  const gz = await raw(base, `/v1/gifs/trending?${KEY}&limit=20`, { headers: { 'Accept-Encoding': 'gzip' } });
  const br = await raw(base, `/v1/gifs/trending?${KEY}&limit=20`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.is(br.headers['content-encoding'], 'br');
  const strip = (text: string) => JSON.stringify({ ...JSON.parse(text), meta: null });
  assert.is(strip(gunzipSync(gz.body).toString()), strip(plain.text));
  assert.is(strip(brotliDecompressSync(br.body).toString()), strip(plain.text));
  assert.ok(br.body.length < plain.body.length / 4);
  const small = await raw(base, `/v1/gifs/nope12?${KEY}`, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.is(small.headers['content-encoding'], undefined);
  assert.is(small.json().meta.status, 404);
});

test('rating narrows results to that rating and below', async () => {
  const { body } = await getJson(base, `/v1/gifs/trending?${KEY}&rating=g&limit=100`);
  assert.ok(body.data.length > 0);
  assert.ok(body.data.every((g: any) => g.rating === 'g' || g.rating === 'y'));
});

test('links name the configured origin whatever Host the caller sent; media stays on the numbered hosts', async () => {
  for (const host of [`localhost:${port}`, 'evil.example', 'evil"host']) {
    const { body } = await getJson(base, `/v1/gifs/${IDS.plain}?${KEY}`, { Host: host });
    assert.is(body.data.embed_url, `http://127.0.0.1:${port}/embed/${IDS.plain}`, host);
    assert.match(body.data.images.original.url, new RegExp(`^http://media[0-4]\\.localhost:${port}/`));
  }
});

test('random input never crashes the API or leaks a stack trace', async () => {
  const endpoints = ['gifs/search', 'stickers/search', 'gifs/trending', 'gifs/related', 'gifs', 'gifs/search/tags', 'channels/search', 'gifs/random'];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...endpoints),
      fc.dictionary(fc.constantFrom('q', 'offset', 'limit', 'ids', 'gif_id', 'rating', 'tag', 'api_key'), fc.string({ maxLength: 30 })),
      fc.string({ maxLength: 20 }),
      async (endpoint, params, segment) => {
        const query = new URLSearchParams({ api_key: 'k', ...params }).toString();
        const paths = [`/v1/${endpoint}?${query}`, `/v1/gifs/${encodeURIComponent(segment)}?${query}`, `/v1/tags/related/${encodeURIComponent(segment)}?${query}`];
        for (const path of paths) {
          const res = await raw(base, path);
          assert.ok([200, 400, 401, 404].includes(res.status), `${path} -> ${res.status}`);
          const body = res.json();
          assert.ok(res.status === 200 ? 'data' in body : typeof body.message === 'string');
          assert.not.ok(looksLikeStack(res.text));
        }
      },
    ),
    { numRuns: 60 },
  );
});

test.run();
