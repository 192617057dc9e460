import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { LINK, startLink, type Link } from '../../../bench/link';

/** What the link's far end sends back for a line asking `N` bytes ("N\n"): N bytes. */
let far: Server;
let link: Link;

test.before(async () => {
  far = createServer((socket) => socket.on('data', (chunk) => socket.write(Buffer.alloc(Number(String(chunk).trim()), 1))));
  await new Promise<void>((done) => far.listen(0, '127.0.0.1', done));
  link = await startLink();
  link.target = (far.address() as { port: number }).port;
});
test.after(async () => {
  await link.close();
  await new Promise((done) => far.close(done));
});

/** A connection through the link, open once connected (on loopback: at once). */
const open = () => new Promise<Socket>((done) => { const s = connect(link.port, '127.0.0.1', () => done(s)); });
/** Asks for `bytes` on `socket`; resolves with the ms until they are all in. */
const ask = (socket: Socket, bytes: number) => new Promise<number>((done) => {
  const t0 = performance.now();
  let got = 0;
  const onData = (chunk: Buffer) => {
    if ((got += chunk.length) < bytes) return;
    socket.off('data', onData);
    done(performance.now() - t0);
  };
  socket.on('data', onData);
  socket.write(`${bytes}\n`);
});
const lineMs = (bytes: number) => (bytes * 1000) / LINK.downBytesPerS;
/** Timers fire a little late, never early; a loaded machine adds some. */
const SLACK_MS = 60;

test("a new connection's first answer waits the handshake and a round trip; the next, a round trip", async () => {
  const socket = await open();
  const first = await ask(socket, 10);
  const second = await ask(socket, 10);
  socket.destroy();
  assert.ok(first >= 2 * LINK.rttMs && first < 2 * LINK.rttMs + SLACK_MS, `first ${first} ms`);
  assert.ok(second >= LINK.rttMs && second < LINK.rttMs + SLACK_MS, `second ${second} ms`);
});

test('an answer takes its bytes at 1.6 Mbps; two at once share the line', async () => {
  const [a, b] = await Promise.all([open(), open()]);
  await Promise.all([ask(a, 10), ask(b, 10)]);
  const size = 100_000;
  const alone = await ask(a, size);
  assert.ok(alone >= LINK.rttMs + lineMs(size) - 5 && alone < LINK.rttMs + lineMs(size) + SLACK_MS, `alone ${alone} ms`);
  const both = await Promise.all([ask(a, size), ask(b, size)]);
  const last = Math.max(...both);
  assert.ok(last >= LINK.rttMs + lineMs(2 * size) - 5, `the later of two took ${last} ms`);
  a.destroy();
  b.destroy();
});

test('connections take turns on the line: a small answer is not stuck behind a big one', async () => {
  const [a, b] = await Promise.all([open(), open()]);
  await Promise.all([ask(a, 10), ask(b, 10)]);
  const big = ask(a, 200_000);
  const small = ask(b, 3_000);
  const [bigMs, smallMs] = await Promise.all([big, small]);
  assert.ok(smallMs < LINK.rttMs + 3 * lineMs(6_000) + SLACK_MS, `the small one took ${smallMs} ms`);
  assert.ok(bigMs >= LINK.rttMs + lineMs(203_000) - 5, `the big one took ${bigMs} ms`);
  a.destroy();
  b.destroy();
});

test.run();
