/**
 * A phone's network in front of the local service, for every engine alike: a TCP relay on
 * loopback that gives each connection the round trip of a mobile link and makes every
 * connection share one slow line. Chromium's DevTools throttling exists in Chromium only; this
 * link throttles Firefox and WebKit the same way, so the three engines' rows are comparable.
 *
 * The model, Lighthouse's mobile profile for the network:
 * - each byte takes half the round trip (LINK.rttMs) to cross, each way;
 * - a new connection's first bytes wait one round trip more (the TCP handshake);
 * - the bytes to the browser share one line of LINK.downBytesPerS, and those from it one of
 *   LINK.upBytesPerS. The connections with bytes to send take turns, a piece each (LINK_PIECE
 *   bytes), as TCP flows share a bottleneck: a small answer is not stuck behind a big file.
 * An answer arrives piece by piece, as on a real line (a progressive paint starts before its
 * last byte).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** Lighthouse's mobile network: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const LINK = { rttMs: 150, downBytesPerS: (1.6 * 1024 * 1024) / 8, upBytesPerS: (750 * 1024) / 8 };
/** The bytes a connection sends in its turn: about a TCP segment's worth, four of them. */
const LINK_PIECE = 4 * 1460;

/** One direction of the link: connections take turns on the line, then their bytes take half a round trip to cross. */
function line(bytesPerS: number) {
  /** What each destination still has to get, in order; the map's order is whose turn comes. */
  const waiting = new Map<Socket, Buffer[]>();
  /** Pieces sent and still crossing, per destination. */
  const crossing = new Map<Socket, number>();
  /** When the line is free again (ms, performance.now()). */
  let freeAt = 0;
  let sending = false;
  const turn = () => {
    const next = waiting.entries().next().value;
    if (!next) return void (sending = false);
    sending = true;
    const [to, pieces] = next;
    const piece = pieces.shift()!;
    // To the back of the line.
    waiting.delete(to);
    if (pieces.length) waiting.set(to, pieces);
    const now = performance.now();
    freeAt = Math.max(freeAt, now) + (piece.length * 1000) / bytesPerS;
    setTimeout(() => {
      crossing.set(to, (crossing.get(to) ?? 0) + 1);
      setTimeout(() => {
        crossing.set(to, crossing.get(to)! - 1);
        if (!to.destroyed && !to.writableEnded) to.write(piece);
      }, LINK.rttMs / 2);
      turn();
    }, freeAt - now);
  };
  return {
    /** Queues `chunk` for `to`. */
    send(chunk: Buffer, to: Socket) {
      const pieces = waiting.get(to) ?? [];
      for (let at = 0; at < chunk.length; at += LINK_PIECE) pieces.push(chunk.subarray(at, at + LINK_PIECE));
      if (!waiting.has(to)) waiting.set(to, pieces);
      if (!sending) turn();
    },
    /** True while bytes for `to` wait for the line or are crossing. */
    busy: (to: Socket) => waiting.has(to) || (crossing.get(to) ?? 0) > 0,
  };
}

export interface Link {
  /** The port the browser connects to (the service's answers name it: see ServiceOptions.mediaPort). */
  port: number;
  /** Where the link leads: the service's port, set once it listens. */
  target: number;
  close(): Promise<void>;
}

/** Starts a link on a free loopback port; set its `target` before the first connection. */
export async function startLink(): Promise<Link> {
  const down = line(LINK.downBytesPerS);
  const up = line(LINK.upBytesPerS);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const service = connect(link.target, '127.0.0.1');
    // The browser's first bytes wait for the handshake's round trip (kept in order).
    let early: Buffer[] | undefined = [];
    setTimeout(() => {
      for (const chunk of early!) up.send(chunk, service);
      early = undefined;
    }, LINK.rttMs);
    for (const socket of [client, service]) {
      const other = socket === client ? service : client;
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => socket.destroy());
      // The other side is closed once what is on its way to it has crossed.
      const line = other === client ? down : up;
      const endOther = () => (line.busy(other) ? setTimeout(endOther, 20) : other.end());
      socket.on('close', () => {
        sockets.delete(socket);
        endOther();
      });
    }
    client.on('data', (chunk) => (early ? early.push(chunk) : up.send(chunk, service)));
    service.on('data', (chunk) => down.send(chunk, client));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const link: Link = {
    port: (server.address() as { port: number }).port,
    target: 0,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        for (const socket of sockets) socket.destroy();
      }),
  };
  return link;
}
