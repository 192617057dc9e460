import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS, ITEMS } from '../../../server/catalogue/index';
import { getJson, KEY, raw, withService } from './service';

let base = '';
let port = 0;

withService(test, (service) => {
  base = service.url;
  port = service.port;
});

/** Pixel size read from the file's own header, per format. */
function gifSize(b: Buffer) {
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}
function webpSize(b: Buffer) {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
}
function mp4Size(b: Buffer) {
  const at = b.indexOf('tkhd', 0, 'latin1');
  const version = b[at + 4];
  const offset = at + 4 + (version === 1 ? 88 : 76);
  return { width: b.readUInt32BE(offset) >>> 16, height: b.readUInt32BE(offset + 4) >>> 16 };
}
/** VP8X carries an alpha flag; a lossless VP8L still says so in its header bits. */
function webpHasAlpha(b: Buffer): boolean {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return (b[20] & 0x10) !== 0;
  return chunk === 'VP8L' && ((b.readUInt32LE(21) >>> 28) & 1) === 1;
}
const isGif = (b: Buffer) => /^GIF8[79]a$/.test(b.toString('latin1', 0, 6));
const isWebp = (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP';
const isMp4 = (b: Buffer) => b.toString('latin1', 4, 8) === 'ftyp';
/** A GIF's first graphic control extension says whether it has a transparent colour. */
function gifHasTransparency(b: Buffer): boolean {
  const at = b.indexOf(Buffer.from([0x21, 0xf9, 0x04]));
  return at > 0 && (b[at + 3] & 1) === 1;
}

/** Fetches a media URL from the API the way a browser resolving mediaN.localhost would: same port, that Host. */
async function fetchMedia(url: string) {
  const u = new URL(url);
  return raw(base, u.pathname, { headers: { Host: u.host } });
}

test('every rendition of every item is a real GIF, WebP or MP4 of the size the API states', async () => {
  const gifs = [...(await getJson(base, `/v1/gifs/trending?${KEY}&limit=100`)).body.data, ...(await getJson(base, `/v1/stickers/trending?${KEY}&limit=100`)).body.data];
  assert.is(gifs.length, ITEMS.length);
  let checked = 0;
  for (const gif of gifs) {
    for (const [key, r] of Object.entries<any>(gif.images)) {
      const where = `${gif.id} ${key}`;
      const width = Number(r.width);
      const height = Number(r.height);
      if (r.url) {
        const res = await fetchMedia(r.url);
        assert.is(res.status, 200, where);
        assert.is(res.headers['content-type'], 'image/gif');
        assert.ok(isGif(res.body), `${where} is a GIF`);
        assert.equal(gifSize(res.body), { width, height }, `${where} GIF size`);
        assert.is(String(res.body.length), r.size, `${where} size`);
        assert.is(gifHasTransparency(res.body), gif.is_sticker === 1, `${where}: transparent exactly when a sticker`);
        checked++;
      }
      if (r.webp) {
        const res = await fetchMedia(r.webp);
        assert.is(res.headers['content-type'], 'image/webp');
        assert.ok(isWebp(res.body), `${where} is a WebP`);
        assert.equal(webpSize(res.body), { width, height }, `${where} WebP size`);
        assert.is(String(res.body.length), r.webp_size);
        if (gif.is_sticker) assert.ok(webpHasAlpha(res.body), `${where} sticker WebP keeps its transparency`);
        checked++;
      }
      if (r.mp4) {
        const res = await fetchMedia(r.mp4);
        assert.is(res.headers['content-type'], 'video/mp4');
        assert.ok(isMp4(res.body), `${where} is an MP4`);
        assert.equal(mp4Size(res.body), { width, height }, `${where} MP4 size`);
        assert.is(String(res.body.length), r.mp4_size);
        checked++;
      }
    }
  }
  assert.ok(checked > ITEMS.length * 20);
});

test('animated renditions really animate and stills are single frames', async () => {
  const { body } = await getJson(base, `/v1/gifs/${IDS.plain}?${KEY}`);
  const countFrames = (b: Buffer) => {
    let n = 0;
    for (let i = b.indexOf(Buffer.from([0x21, 0xf9, 0x04])); i >= 0; i = b.indexOf(Buffer.from([0x21, 0xf9, 0x04]), i + 1)) n++;
    return n;
  };
  const animated = await fetchMedia(body.data.images.original.url);
  const still = await fetchMedia(body.data.images.original_still.url);
  assert.is(countFrames(animated.body), Number(body.data.images.original.frames));
  assert.ok(countFrames(animated.body) > 1);
  assert.ok(countFrames(still.body) <= 1);
  const webp = await fetchMedia(body.data.images.original.webp);
  assert.ok(webp.body.includes(Buffer.from('ANMF')), 'animated WebP has animation frames');
});

test('media is served on mediaN.localhost, media.localhost and the plain origin alike', async () => {
  const { body } = await getJson(base, `/v1/gifs/${IDS.plain}?${KEY}`);
  const path = new URL(body.data.images.fixed_width.url).pathname;
  const numbered = await raw(base, path, { headers: { Host: `media3.localhost:${port}` } });
  const plain = await raw(base, path, { headers: { Host: `media.localhost:${port}` } });
  const origin = await raw(base, path);
  assert.is(numbered.status, 200);
  assert.ok(plain.body.equals(numbered.body));
  assert.ok(origin.body.equals(numbered.body));
  assert.match(String(origin.headers['cache-control']), /immutable/);
  assert.is(origin.headers['access-control-allow-origin'], '*');
});

test('video can be fetched in byte ranges', async () => {
  const { body } = await getJson(base, `/v1/gifs/${IDS.youtube}?${KEY}`);
  const path = new URL(body.data.images.hd.mp4).pathname;
  const whole = await raw(base, path);
  const part = await raw(base, path, { headers: { Range: 'bytes=0-99' } });
  assert.is(part.status, 206);
  assert.is(part.headers['content-range'], `bytes 0-99/${whole.body.length}`);
  assert.ok(part.body.equals(whole.body.subarray(0, 100)));
  const tail = await raw(base, path, { headers: { Range: 'bytes=-10' } });
  assert.ok(tail.body.equals(whole.body.subarray(whole.body.length - 10)));
  const beyond = await raw(base, path, { headers: { Range: `bytes=${whole.body.length + 5}-` } });
  assert.is(beyond.status, 416);
});

test('creator avatars: the file the API names, its 80 px /80h rendition, and five default avatars, all on the media hosts', async () => {
  const { body } = await getJson(base, `/v1/gifs/${IDS.plain}?${KEY}`);
  const url: string = body.data.user.avatar_url;
  assert.match(url, /^http:\/\/media\d\.localhost:\d+\/avatars\/pixelsmith\.gif$/);
  const original = await fetchMedia(url);
  assert.is(original.status, 200);
  assert.equal(gifSize(original.body), { width: 200, height: 200 });
  const rendition = await fetchMedia(url.replace(/\.gif$/, '/80h.gif'));
  assert.is(rendition.status, 200);
  assert.ok(isGif(rendition.body));
  assert.equal(gifSize(rendition.body), { width: 80, height: 80 });
  assert.ok(rendition.body.length < original.body.length, 'the 80 px rendition is the smaller file');
  for (let n = 1; n <= 5; n++) {
    const res = await fetchMedia(url.replace(/pixelsmith\.gif$/, `default${n}/80h.gif`));
    assert.is(res.status, 200, `default${n}`);
    assert.equal(gifSize(res.body), { width: 80, height: 80 });
  }
  // A creator who never set an avatar: the API sends none.
  const { body: orbit } = await getJson(base, `/v1/gifs/${IDS.noDisplayName}?${KEY}`);
  assert.is(orbit.data.user.avatar_url, '');
});

test('an unknown media file is a 404', async () => {
  const res = await raw(base, `/media/${IDS.plain}/nope.gif`, { headers: { Host: `media1.localhost:${port}` } });
  assert.is(res.status, 404);
});

test.run();
