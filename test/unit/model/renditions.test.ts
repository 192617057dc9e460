import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  embedSrcset,
  mediaUrl,
  videoFile,
  normalizeGif,
  pickRendition,
  stillOf,
  SCALE_UP_MAX_PX,
  type Images,
} from '../../../src/model';
import { sponsoredSticker, trendingGif } from './fixtures';

const r = (width: number, height: number, name: string) => ({ url: `https://media.giphy.com/${name}.gif`, webp: `https://media.giphy.com/${name}.webp`, width, height });
const images: Images = {
  fixed_width_small: r(100, 100, 'fws'),
  fixed_width: r(200, 200, 'fw'),
  fixed_width_still: r(200, 200, 'fw_s'),
  downsized: r(300, 300, 'ds'),
  original: r(480, 480, 'orig'),
  original_still: r(480, 480, 'orig_s'),
};

test('the default scale-up limit is 50 px', () => {
  assert.is(SCALE_UP_MAX_PX, 50);
});

test('an exact-size rendition wins', () => {
  assert.is(pickRendition(images, 200, 200)!.name, 'fixed_width');
  assert.is(pickRendition(images, 480, 480)!.name, 'original');
});

test('a rendition up to 50 px smaller may be scaled up; 51 px may not', () => {
  // 250x250 target: fixed_width (200) is exactly 50 px short, downsized (300) 50 px larger.
  // Areas 40000 vs 90000 against 62500: ratios 0.64 and 1.44; |0.64 - 1| = 0.36 beats
  // |1.44 - 1| = 0.44, so the smaller fixed_width wins (spec §5: area ratio closest to 1).
  assert.is(pickRendition(images, 250, 250)!.name, 'fixed_width');
  // 240x240: 200 fits (ratio 0.694), 300 ratio 1.5625: fixed_width is closer.
  assert.is(pickRendition(images, 240, 240)!.name, 'fixed_width');
  // 251x251: 200+50 < 251, so fixed_width is out even though it would be close.
  const onlySmall: Images = { fixed_width: r(200, 200, 'fw'), original: r(480, 480, 'orig') };
  assert.is(pickRendition(onlySmall, 251, 251)!.name, 'original');
  assert.is(pickRendition(onlySmall, 250, 250)!.name, 'fixed_width');
});

test('the scale-up limit is an option', () => {
  assert.is(pickRendition(images, 240, 240, { scaleUpMax: 0 })!.name, 'downsized');
});

test('both width and height must be within the limit', () => {
  const wide: Images = { fixed_width: r(400, 100, 'wide'), original: r(800, 600, 'orig') };
  assert.is(pickRendition(wide, 400, 300)!.name, 'original');
});

test('when nothing fits the largest rendition is used', () => {
  assert.is(pickRendition(images, 2000, 2000)!.name, 'original');
});

test('stills are picked among still renditions only', () => {
  assert.is(pickRendition(images, 200, 200, { stills: true })!.name, 'fixed_width_still');
  assert.is(pickRendition(images, 2000, 2000, { stills: true })!.name, 'original_still');
  assert.is(pickRendition({ fixed_width: r(200, 200, 'fw') }, 200, 200, { stills: true }), undefined);
});

test('renditions without a url or size, unknown names and empty images are never picked', () => {
  const odd: Images = { hd: { url: '', mp4: 'x.mp4', width: 200, height: 200 }, preview_gif: r(200, 200, 'p'), fixed_height: { url: 'u', width: 0, height: 0 } };
  assert.is(pickRendition(odd, 200, 200), undefined);
  assert.is(pickRendition({}, 200, 200), undefined);
});

test('a zero-size target gets the largest rendition', () => {
  assert.is(pickRendition(images, 0, 0)!.name, 'original');
});

test('picking on a real GIF for a 200 px wide column', () => {
  const gif = normalizeGif(trendingGif);
  const picked = pickRendition(gif.images, 200, 113)!;
  assert.is(picked.name, 'fixed_width');
  assert.is(picked.width, 200);
});

test('stillOf names the still of a rendition', () => {
  assert.is(stillOf('fixed_width'), 'fixed_width_still');
  assert.is(stillOf('original'), 'original_still');
  assert.is(stillOf('downsized_still'), 'downsized_still');
});

test('mediaUrl: WebP for GIFs when supported, plain url for stickers, stills, or no WebP support', () => {
  const gif = normalizeGif(trendingGif);
  const sticker = normalizeGif(sponsoredSticker);
  const fw = { ...gif.images.fixed_width!, name: 'fixed_width' };
  assert.match(mediaUrl(gif, fw, { webp: true }), /200w\.webp/);
  assert.match(mediaUrl(gif, fw, { webp: false }), /200w\.gif/);
  assert.match(mediaUrl(sticker, sticker.images.fixed_width!, { webp: true }), /200w\.gif$/);
  const still = { ...gif.images.fixed_width_still!, webp: 'https://media.giphy.com/s.webp', name: 'fixed_width_still' };
  assert.match(mediaUrl(gif, still, { webp: true }), /200w_s\.gif/);
  // A still taken straight from gif.images (no name) is recognised too.
  const withWebpStill = normalizeGif({ id: 'w', images: { original_still: { url: 'https://m/s.gif', webp: 'https://m/s.webp', width: 1, height: 1 } } });
  assert.is(mediaUrl(withWebpStill, withWebpStill.images.original_still!, { webp: true }), 'https://m/s.gif');
  // A rendition without WebP keeps its url even when WebP is supported.
  assert.match(mediaUrl(gif, gif.images.fixed_width_small!, { webp: true }), /100w\.gif/);
});

test('videoFile: video media plays its rendition\'s mp4, else the GIF\'s video; a GIF moves as an image', () => {
  const gif = normalizeGif(trendingGif);
  assert.is(videoFile(gif, gif.images.fixed_width), '', 'a GIF with images plays them (WebP or GIF), not its mp4');
  const clip = normalizeGif({ ...trendingGif, type: 'video' });
  assert.match(videoFile(clip, clip.images.fixed_width), /200w\.mp4/);
  assert.match(videoFile(clip, clip.images.fixed_width_small), /giphy-hd\.mp4/, 'no mp4 of its own: the GIF\'s video (hd)');
  assert.match(videoFile(clip), /giphy-hd\.mp4/);
  // A rendition that holds only an mp4 (every image file refused, or a clip typed as a GIF).
  const mp4Only = normalizeGif({ id: 'm', images: { fixed_width: { mp4: 'https://m/200w.mp4', width: '200', height: '100' } } });
  assert.is(videoFile(mp4Only, mp4Only.images.fixed_width), 'https://m/200w.mp4');
  assert.is(videoFile(normalizeGif({ id: 'a', type: 'video' })), '', 'video media with no mp4 at all');
});

test('pickRendition: a clip\'s mp4-only renditions are picked for its box; stills must be images', () => {
  const clip = normalizeGif({
    id: 'c',
    type: 'video',
    images: {
      original: { mp4: 'https://m/giphy.mp4', width: '480', height: '270' },
      fixed_width: { mp4: 'https://m/200w.mp4', width: '200', height: '113' },
      fixed_width_still: { url: 'https://m/200w_s.gif', width: '200', height: '113' },
      original_still: { webp: 'https://m/giphy_s.webp', width: '480', height: '270' },
    },
  });
  assert.is(pickRendition(clip.images, 200, 113)?.name, 'fixed_width');
  assert.is(pickRendition(clip.images, 480, 270)?.name, 'original');
  assert.is(pickRendition(clip.images, 480, 270, { stills: true })?.name, 'fixed_width_still', 'a still without a plain url is passed over');
});

test('embed srcset: 200w fixed_width, 480w downsized, 500w original', () => {
  const gif = normalizeGif({
    id: 's',
    images: {
      fixed_width: { url: 'https://m/fw.gif', webp: 'https://m/fw.webp', width: 200, height: 100 },
      downsized: { url: 'https://m/ds.gif', width: 480, height: 240 },
      original: { url: 'https://m/or.gif', webp: 'https://m/or.webp', width: 600, height: 300 },
    },
  });
  assert.is(embedSrcset(gif, false), 'https://m/fw.gif 200w, https://m/ds.gif 480w, https://m/or.gif 500w');
  assert.is(embedSrcset(gif, true), 'https://m/fw.webp 200w, https://m/ds.gif 480w, https://m/or.webp 500w');
});

test('embed srcset without downsized: original at 480w, listed once', () => {
  const gif = normalizeGif({
    id: 's',
    images: { fixed_width: { url: 'https://m/fw.gif', width: 200, height: 100 }, original: { url: 'https://m/or.gif', width: 600, height: 300 } },
  });
  assert.is(embedSrcset(gif, false), 'https://m/fw.gif 200w, https://m/or.gif 480w');
});

test('embed srcset: a downsized that is the same file as original is listed once', () => {
  const gif = normalizeGif(trendingGif);
  const srcset = embedSrcset(gif, false);
  const urls = srcset.split(', ').map((e) => e.split(' ')[0]);
  assert.is(new Set(urls).size, urls.length);
  assert.match(srcset, /200w\.gif\?[^ ]* 200w, /);
  assert.match(srcset, /giphy-downsized\.gif\?[^ ]* 480w, /);
  assert.match(srcset, /giphy\.gif\?[^ ]* 500w$/);
  assert.is(embedSrcset(normalizeGif({ id: 'none' }), true), '');
});

test.run();
