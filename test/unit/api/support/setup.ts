/**
 * Points every configured host at one recorder, each under its own prefix, so a test can see
 * which host a call used; and a raw GIF shaped like the real service's (string sizes, 0/1 flags).
 */
import { configure } from '../../../../src/config';
import { setEnv } from '../../../../src/env';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { startRecorder, type Recorded, type Recorder } from './recorder';
import { beforeAll } from '../../../support/before-all';

export const API_KEY = 'test-key-123';
export const HOST_PREFIX = {
  api: '/api-host',
  site: '/site',
  stories: '/stories-gw',
  scheduler: '/scheduler',
  imaging: '/imaging',
  pingback: '/pingback-host',
} as const;

/** Configures every base URL on `recorder` and a cookie-less environment. */
export function pointAt(recorder: Recorder, cookies: Record<string, string> = {}) {
  configure({
    apiBase: recorder.url + HOST_PREFIX.api,
    apiKey: API_KEY,
    siteBase: recorder.url + HOST_PREFIX.site,
    storiesBase: recorder.url + HOST_PREFIX.stories,
    schedulerBase: recorder.url + HOST_PREFIX.scheduler,
    imagingBase: recorder.url + HOST_PREFIX.imaging,
    pingbackBase: recorder.url + HOST_PREFIX.pingback,
  });
  setEnv({ cookie: (name) => cookies[name] });
}

/** A GIF as the service sends it. */
export function rawGif(id: string | number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'gif',
    id,
    url: `https://giphy.example/gifs/${id}`,
    title: `GIF ${id}`,
    is_sticker: 0,
    images: {
      original: { url: `https://media3.giphy.example/${id}/giphy.gif`, width: '480', height: '270' },
      fixed_width: { url: `https://media1.giphy.example/${id}/200w.gif`, width: '200', height: '113', mp4: `https://media1.giphy.example/${id}/200w.mp4` },
    },
    user: { username: 'Artist', display_name: 'The Artist', is_verified: 1 },
    ...extra,
  };
}

/**
 * Gives a suite its recorder: started before the suite, reset and pointed at (with `cookies`)
 * before each test after `beforeEach` runs, closed after. `use` receives the started recorder.
 */
export function withRecorder(
  suite: Test,
  use: (recorder: Recorder) => void,
  { cookies = {}, beforeEach }: { cookies?: Record<string, string>; beforeEach?: (recorder: Recorder) => void } = {},
) {
  let recorder: Recorder;
  beforeAll(suite, async () => {
    recorder = await startRecorder();
    use(recorder);
  });
  suite.before.each(() => {
    recorder.reset();
    beforeEach?.(recorder);
    pointAt(recorder, cookies);
  });
  suite.after(async () => {
    await recorder?.close();
    setEnv();
  });
}

/**
 * Returns a check of the last request `server()` saw: its method, path and exact query, then
 * `also` for what a suite checks on every call. The request is returned for further checks.
 */
export function expectCall(server: () => Recorder, also?: (req: Recorded, method: string) => void) {
  return (method: string, path: string, query: Record<string, string> = {}): Recorded => {
    const req = server().last();
    assert.is(req.method, method);
    assert.is(req.path, path);
    assert.equal(req.query, query);
    also?.(req, method);
    return req;
  };
}

/**
 * expectCall for the site's own API: every write carries the API key as a Token, the CSRF token
 * `csrf` and X-Requested-With; with `jsonOnGet`, every read asks for JSON.
 */
export function expectSiteCall(server: () => Recorder, csrf: string, { jsonOnGet = false } = {}) {
  return expectCall(server, (req, method) => {
    if (method !== 'GET') {
      assert.is(req.headers.authorization, `Token ${API_KEY}`);
      assert.is(req.headers['x-csrftoken'], csrf);
      assert.is(req.headers['x-requested-with'], 'XMLHttpRequest');
    } else if (jsonOnGet) {
      assert.is(req.headers.accept, 'application/json');
    }
  });
}
