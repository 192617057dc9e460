import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install } from '../support/observers';
import { mount, flush } from '../support/render';
import { normalizeGif } from '../../../src/model';
import { GifView } from '../../../src/player/GifView';
import { gifMedia } from '../../../src/player/media';

/** A clip as the service sends one: moving renditions as mp4 alone, stills as images, an hd mp4. */
const clip = normalizeGif({
  id: 'c1',
  type: 'video',
  images: {
    original: { mp4: 'https://media.x/giphy.mp4', width: '480', height: '270' },
    original_still: { url: 'https://media.x/giphy_s.gif', webp: 'https://media.x/giphy_s.webp', width: '480', height: '270' },
    fixed_width: { mp4: 'https://media.x/200w.mp4', width: '200', height: '113' },
    fixed_width_still: { url: 'https://media.x/200w_s.gif', width: '200', height: '113' },
    hd: { mp4: 'https://media.x/giphy-hd.mp4', width: '720', height: '406' },
  },
});

test.before.each(() => install());

test('gifMedia: a clip plays the GIF\'s video (spec §3: the hd mp4), with the box\'s still; a GIF plays no mp4', () => {
  const media = gifMedia(clip, 480, 270, true);
  assert.is(media.mp4, 'https://media.x/giphy-hd.mp4');
  assert.is(media.still, 'https://media.x/giphy_s.gif');
  const noHd = normalizeGif({ ...clip, images: { ...clip.images, hd: undefined } });
  assert.is(gifMedia(noHd, 480, 270, true).mp4, 'https://media.x/giphy.mp4', 'without an hd .mp4, the original\'s');
  const gif = normalizeGif({ id: 'g', images: { original: { url: 'https://media.x/a.gif', mp4: 'https://media.x/a.mp4', width: '480', height: '270' } } });
  assert.is(gifMedia(gif, 480, 270, true).mp4, '', 'a GIF moves as its image');
});

test('the player\'s GIF view plays a clip as a muted looping inline video over its still, shows the still when paused, and falls back to it when the video fails', async () => {
  const failed: string[] = [];
  const view = (paused: boolean) => <GifView gif={clip} width={480} height={270} paused={paused} onFail={(m) => failed.push(m)} />;
  const m = await mount(view(false));
  // Its first render shows the still (the video's poster); the video comes in a task of its own.
  assert.is(m.container.querySelector('video'), null, 'no video in the first render');
  assert.is(m.container.querySelector('img')!.getAttribute('src'), 'https://media.x/giphy_s.gif', 'the still first');
  await flush();
  const video = m.container.querySelector('video')!;
  assert.is(video.getAttribute('src'), 'https://media.x/giphy-hd.mp4');
  assert.is(video.getAttribute('poster'), 'https://media.x/giphy_s.gif');
  assert.ok(video.muted && video.loop && video.autoplay && video.hasAttribute('playsinline'));
  assert.is(video.getAttribute('aria-label'), 'GIF', 'named by its alt text');
  await m.rerender(view(true));
  assert.is(m.container.querySelector('video'), null);
  assert.is(m.container.querySelector('img')!.getAttribute('src'), 'https://media.x/giphy_s.gif', 'paused: the still');
  await m.rerender(view(false));
  await flush(() => m.container.querySelector('video')!.dispatchEvent(new Event('error')));
  assert.is(m.container.querySelector('video'), null, 'a video that fails gives way');
  assert.is(m.container.querySelector('img')!.getAttribute('src'), 'https://media.x/giphy_s.gif', 'to the still');
  assert.equal(failed, [], 'the still is still there: no error view');
  await flush(() => m.container.querySelector('img')!.dispatchEvent(new Event('error')));
  assert.equal(failed, ['loadFailed'], 'nothing left: the error view, with its message key');
  await m.unmount();
});

test.run();
