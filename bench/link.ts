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
 *   LINK.upBytesPerS, in the order they were sent (a queue per direction, like a modem's).
 * The service's answers are cut into LINK_PIECE bytes, so a picture arrives over time as on a
 * real line (a progressive paint starts before its last byte).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** Lighthouse's mobile network: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const LINK = { rttMs: 150, downBytesPerS: (1.6 * 1024 * 1024) / 8, upBytesPerS: (750 * 1024) / 8 };
/** The bytes delivered at once: about a TCP segment's worth, four of them. */
const LINK_PIECE = 4 * 1460;

/** One direction of the link: a line bytes take turns on, then half a round trip to cross. */
function line(bytesPerS: number) {
  let freeAt = 0;
  /**
   * Sends `chunk` to `to` once its turn on the line is over and it has crossed (not before
   * `earliest`); returns the time its last byte lands.
   */
  return (chunk: Buffer, to: Socket, earliest = 0) => {
    let landsAt = 0;
    for (let at = 0; at < chunk.length; at += LINK_PIECE) {
      const piece = chunk.subarray(at, at + LINK_PIECE);
      const now = performance.now();
      freeAt = Math.max(freeAt, now, earliest) + (piece.length * 1000) / bytesPerS;
      landsAt = freeAt + LINK.rttMs / 2;
      setTimeout(() => to.destroyed || to.write(piece), landsAt - now);
    }
    return landsAt;
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
    const open = performance.now() + LINK.rttMs;
    /** When the last bytes sent each way land: a side that closes is closed on the other once they have. */
    const lands = new Map<Socket, number>([[client, 0], [service, 0]]);
    for (const socket of [client, service]) {
      const other = socket === client ? service : client;
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('close', () => {
        sockets.delete(socket);
        setTimeout(() => other.end(), Math.max(0, lands.get(other)! - performance.now()));
      });
      socket.on('error', () => socket.destroy());
    }
    client.on('data', (chunk) => lands.set(service, up(chunk, service, open)));
    service.on('data', (chunk) => lands.set(client, down(chunk, client)));
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
