import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalizeGif } from '../../../src/model';
import { gifMedia, resetWebpSupport, startsPaused, videoProvider, webpSupported } from '../../../src/player/media';
import { VIDEO_PROVIDERS } from '../../../src/player/constants';

const rendition = (name: string, w: number, h: number) => ({ url: `https://media.x/${name}.gif`, webp: `https://media.x/${name}.webp`, width: w, height: h });
const gif = normalizeGif({
  id: 'g1',
  images: {
    original: rendition('original', 480, 360),
    original_still: rendition('original_s', 480, 360),
    downsized: rendition('downsized', 480, 360),
    fixed_width: rendition('200w', 200, 150),
    fixed_width_still: rendition('200w_s', 200, 150),
  },
});

test('picks the rendition for the box, WebP when supported, and its still', () => {
  const small = gifMedia(gif, 200, 150, true);
  assert.is(small.src, 'https://media.x/200w.webp');
  assert.is(small.still, 'https://media.x/200w_s.gif', 'stills use the plain url');
  const big = gifMedia(gif, 480, 360, false);
  assert.is(big.src, 'https://media.x/downsized.gif', 'no WebP support: the GIF file of the best fit');
  assert.is(big.srcset, 'https://media.x/200w.gif 200w, https://media.x/downsized.gif 480w, https://media.x/original.gif 500w');
});

test('WebP support is decided by decoding a WebP image, once: true until one fails to decode', async () => {
  resetWebpSupport();
  const asked: Blob[] = [];
  const real = globalThis.createImageBitmap;
  let refuse: (error: Error) => void = () => {};
  globalThis.createImageBitmap = ((blob: Blob) => {
    asked.push(blob);
    return new Promise((_, reject) => (refuse = reject));
  }) as typeof createImageBitmap;
  try {
    assert.is(webpSupported(), true, 'the first frame does not wait for the answer');
    assert.is(webpSupported(), true);
    assert.is(asked.length, 1, 'one probe');
    assert.is(asked[0].type, 'image/webp');
    assert.equal([...new Uint8Array(await asked[0].arrayBuffer()).slice(0, 4)].map((c) => String.fromCharCode(c)).join(''), 'RIFF');
    refuse(new Error('The source image could not be decoded.'));
    await Promise.resolve();
    assert.is(webpSupported(), false, 'a browser that cannot decode it gets the GIF files and the still fallback');
  } finally {
    globalThis.createImageBitmap = real;
    resetWebpSupport();
  }
});

test('starts paused under any policy but always, or (GIFs only) without WebP', () => {
  assert.is(startsPaused(gif, 'always', true), false);
  for (const policy of ['hover', 'click', 'never'] as const) assert.is(startsPaused(gif, policy, true), true, policy);
  assert.is(startsPaused(gif, 'always', false), true, 'still fallback where nothing shows it moving');
  assert.is(startsPaused({ ...gif, is_sticker: true }, 'always', false), false, 'stickers use the plain url anyway');
  assert.is(startsPaused({ ...gif, type: 'video' }, 'always', false), false, 'a clip plays its mp4 anyway');
  assert.is(startsPaused({ ...gif, type: 'video' }, 'never', true), true, 'a clip stands still under never');
});

test('video provider only for youtube and vimeo', () => {
  assert.is(videoProvider({ ...gif, external_media: { provider_name: 'youtube', asset_uid: 'a' } }, VIDEO_PROVIDERS), 'youtube');
  assert.is(videoProvider({ ...gif, external_media: { provider_name: 'vimeo', asset_uid: '1' } }, VIDEO_PROVIDERS), 'vimeo');
  assert.is(videoProvider({ ...gif, external_media: { provider_name: 'dailymotion', asset_uid: '1' } }, VIDEO_PROVIDERS), '');
  assert.is(videoProvider(gif, VIDEO_PROVIDERS), '');
});


test('the footer leaves the GIF in sight: the related grid gives way down to a header and a row, and is never left out', async () => {
  const { relatedHeight, FOOTER_MAX_SHARE, FOOTER_BAR_PX, RELATED_MIN_HEIGHT_PX, MIN_CHROME_HEIGHT_PX } = await import('../../../src/player/constants');
  assert.is(relatedHeight(480), 202, '60% of 480 less the bar');
  assert.is(relatedHeight(360), 130);
  assert.is(relatedHeight(225), RELATED_MIN_HEIGHT_PX, 'short players still get the grid (spec §2: hover reveals it)');
  assert.is(relatedHeight(MIN_CHROME_HEIGHT_PX), RELATED_MIN_HEIGHT_PX);
  for (const h of [243, 270, 360, 480, 720]) {
    const footer = relatedHeight(h) + FOOTER_BAR_PX;
    assert.ok(footer <= h * FOOTER_MAX_SHARE + 1, `${h}: footer ${footer}`);
  }
});

test.run();
