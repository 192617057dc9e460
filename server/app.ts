/**
 * The local service: a GIPHY-compatible API over the generated catalogue, a pingback sink,
 * the iframe player page and static serving of dist/ and examples/. Browser tests and the
 * benchmarks start it in-process with port 0; `server/main.ts` starts it from the command line.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalogue } from './catalogue/index';
import { FailurePlan } from './failures';
import { createRecords } from './records';
import { localProxy } from './local-proxy';
import { handle, type ServiceContext } from './router';
import type { ProxyHandler } from '../src/proxy';
import { StaticFiles } from './static-files';

export interface ServiceOptions {
  /** 0 (the default here) picks a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1 (loopback only). */
  host?: string;
  /** Repository root holding dist/ and examples/; default: the folder above server/. */
  root?: string;
  /** Proxy mode: forward `/v1/*` to this GIPHY-compatible API base (no `/v1`) instead of the catalogue. */
  apiBase?: string;
  /** Proxy mode: the key put on forwarded calls as `api_key` (required with apiBase). */
  apiKey?: string;
  /** Proxy mode: the real API's media origins (default GIPHY's). */
  mediaHosts?: string[];
  /**
   * One host for all the catalogue's media (`127.0.0.1`) instead of `media{0-4}.localhost`, for
   * clients that are not browsers (edge runtimes in tests), whose resolvers know no `.localhost` names.
   */
  mediaHost?: string;
  /**
   * The port the catalogue's media hosts are named with (default: the one it listens on): a front
   * on another port that relays to this one, such as the bench's phone network (bench/link.ts).
   */
  mediaPort?: number;
  /** No logging of unexpected errors (tests that provoke them). */
  quiet?: boolean;
  /**
   * The origin pages and links name (`https://gifs.example`): what the service writes into the
   * iframe player page and API answers, never the request's Host header (which anyone can set,
   * and a cache in front would keep). Default: `http://127.0.0.1:PORT` (the address it listens on).
   */
  origin?: string;
}

export interface RunningService {
  /** `http://127.0.0.1:PORT` (the host it listens on; no trailing slash). */
  url: string;
  port: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

const DEFAULT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the service. `options` as in ServiceOptions.
 * Resolves once it is listening, with its URL, port and a `close()`.
 */
export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  if (options.apiBase && !options.apiKey) throw new Error('Proxy mode needs the API key (apiKey, API_KEY) to put on the forwarded calls');
  const host = options.host ?? '127.0.0.1';
  let port = options.port ?? 0;
  const ctx: ServiceContext = {
    root: resolve(options.root ?? DEFAULT_ROOT),
    catalogue: loadCatalogue(),
    records: createRecords(),
    failures: new FailurePlan(),
    statics: new StaticFiles(),
    port: () => port,
    origin: () => publicOrigin,
    apiBase: options.apiBase || undefined,
    quiet: options.quiet ?? false,
    mediaHost: options.mediaHost,
    mediaPort: options.mediaPort,
    proxy: () => (proxy ??= localProxy({ origin: publicOrigin, port, apiBase: options.apiBase || undefined, apiKey: options.apiKey, mediaHosts: options.mediaHosts, mediaHost: options.mediaHost })),
  };
  let proxy: ProxyHandler | undefined;
  let publicOrigin = '';
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void handle(req, res, ctx);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // a malformed request line or header never reaches a handler: answer 400 and drop the socket
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  publicOrigin = options.origin ? new URL(options.origin).origin : `http://${shownHost}:${port}`;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
