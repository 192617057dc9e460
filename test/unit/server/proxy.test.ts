import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '../../../server/app';
import { IDS } from '../../../server/catalogue/index';
import { getJson, raw } from './service';
import { localMediaHosts } from '../../../server/local-proxy';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

test('proxy mode forwards /v1/ calls to the configured API through the package\'s proxy, with the configured key, media through /fp/', async () => {
  const upstream = await startService({ port: 0, quiet: true });
  const front = await startService({ port: 0, quiet: true, apiBase: upstream.url, apiKey: 'server-side-key', mediaHosts: localMediaHosts(upstream.port) });
  try {
    const res = await getJson(front.url, `/v1/gifs/${IDS.plain}`);
    assert.is(res.status, 200);
    assert.is(res.body.data.id, IDS.plain);
    // The media is the front's, through its first-party proxy.
    assert.is(res.body.data.images.original.url, `${front.url}/fp/media/media4.localhost:${upstream.port}/media/${IDS.plain}/giphy.gif`);
    const media = await raw(front.url, new URL(res.body.data.images.original.url).pathname);
    assert.is(media.status, 200);
    assert.is(media.headers['content-type'], 'image/gif');
    const ids = await getJson(front.url, `/v1/gifs?ids=${IDS.sticker},${IDS.plain}&api_key=page-key`);
    assert.equal(ids.body.data.map((g: any) => g.id), [IDS.sticker, IDS.plain]);
    // upstream errors pass through as they are
    const missing = await getJson(front.url, '/v1/gifs/unknownId42');
    assert.is(missing.status, 404);
    const { body } = await getJson(upstream.url, '/_local/requests');
    assert.is(body.count, 3);
    assert.ok(body.requests.every((r: any) => r.query.api_key === 'server-side-key'), 'the configured key replaces the page key');
    assert.is((await getJson(front.url, '/_local/requests')).body.count, 3);
    // Its media come through its own origin: embed.js names no other host to connect to.
    const script = await raw(front.url, '/embed.js');
    assert.ok(!script.headers['server-timing'] && !script.headers.link, 'no media host named');
  } finally {
    await front.close();
    await upstream.close();
  }
});

test('proxy mode needs the key it puts in', async () => {
  const started = await startService({ port: 0, quiet: true, apiBase: 'http://127.0.0.1:9' }).then((s) => s.close().then(() => 'started'), (error: Error) => error.message);
  assert.match(started, /needs the API key/);
});

test('proxy mode answers 502 with a JSON message when the API cannot be reached', async () => {
  const dead = createServer();
  await new Promise<void>((done) => dead.listen(0, '127.0.0.1', done));
  const deadPort = (dead.address() as AddressInfo).port;
  await new Promise<void>((done) => dead.close(() => done()));
  const front = await startService({ port: 0, quiet: true, apiBase: `http://127.0.0.1:${deadPort}`, apiKey: 'k' });
  try {
    const res = await getJson(front.url, `/v1/gifs/${IDS.plain}`);
    assert.is(res.status, 502);
    assert.match(res.body.message, /could not be reached/);
    // pages stay local
    assert.is((await raw(front.url, `/embed/${IDS.plain}`)).status, 200);
  } finally {
    await front.close();
  }
});

test('server/main.ts starts from PORT and HOST and prints where it serves', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no start line: ${out}`)), 15000);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('\n')) {
          clearTimeout(timer);
          resolve(out.split('\n')[0]);
        }
      });
      child.on('exit', () => reject(new Error(`exited: ${out}`)));
    });
    const match = line.match(/^gif-embed local service: http:\/\/127\.0\.0\.1:(\d+)\/ \(examples at \/examples\/\)$/);
    assert.ok(match, line);
    const res = await getJson(`http://127.0.0.1:${match![1]}`, `/v1/gifs/${IDS.plain}?api_key=k`);
    assert.is(res.status, 200);
  } finally {
    child.kill('SIGTERM');
  }
});

test('server/main.ts refuses a bad PORT with a clear message', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: REPO, env: { ...process.env, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.is(code, 1);
  assert.match(err, /PORT must be a number from 0 to 65535, not "eighty"/);
});

test.run();
