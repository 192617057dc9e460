/**
 * A real HTTP server on a loopback port for API tests: records every request (method, path,
 * query, headers, body) and answers with scripted replies, so calls go through real fetch.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface Recorded {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Raw body text. */
  body: string;
}

/** A scripted answer. */
export interface Reply {
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  /** Object bodies are sent as JSON; strings as they are. */
  body?: unknown;
  /** Wait before answering (in-flight sharing, aborts). */
  delayMs?: number;
  /** Send the headers at once, then a space every this many ms until the client goes (a stalled body). */
  trickleMs?: number;
  /** Send the body's first this many bytes, then the rest a moment later (a body in two chunks). */
  splitAtByte?: number;
}

export interface Recorder {
  /** Base URL, e.g. http://127.0.0.1:PORT */
  url: string;
  port: number;
  requests: Recorded[];
  /** Methods of CORS preflights answered (happy-dom's fetch sends them; Node's does not). */
  preflights: string[];
  /** Queues replies used in order; when the queue is empty `fallback` answers. */
  reply(...replies: Reply[]): void;
  /** Answers every unqueued request with `handler`. */
  fallback(handler: (req: Recorded) => Reply): void;
  /** The last recorded request (throws when none). */
  last(): Recorded;
  /** Forgets recorded requests, queued replies and the fallback. */
  reset(): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
  });

/** Starts a recorder on `port` (0 = any free port). */
export async function startRecorder(port = 0): Promise<Recorder> {
  const requests: Recorded[] = [];
  const preflights: string[] = [];
  const queue: Reply[] = [];
  const defaultReply = (): Reply => ({ status: 200, body: {} });
  let fallback: (req: Recorded) => Reply = defaultReply;
  const sockets = new Set<import('node:net').Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Behave like a cross-origin API: when tests run under happy-dom its fetch enforces CORS
    // and preflights every request. Preflights are answered here and not recorded.
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      preflights.push(req.headers['access-control-request-method']);
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '0',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value ?? '';
    const recorded: Recorded = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: await readBody(req),
    };
    requests.push(recorded);
    const reply = queue.shift() ?? fallback(recorded);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    const isText = typeof reply.body === 'string';
    const body = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, reply.statusText, {
      'Content-Type': isText ? 'text/plain' : 'application/json',
      'Access-Control-Allow-Origin': '*',
      // Every answer is fresh: only the library's own cache may reuse responses.
      'Cache-Control': 'no-store',
      ...reply.headers,
    });
    if (reply.trickleMs) {
      res.write('{');
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write(' ')), reply.trickleMs);
      res.on('close', () => clearInterval(drip));
      return;
    }
    if (reply.splitAtByte) {
      const bytes = Buffer.from(body);
      res.write(bytes.subarray(0, reply.splitAtByte));
      await new Promise((r) => setTimeout(r, 30));
      if (!res.destroyed) res.end(bytes.subarray(reply.splitAtByte));
      return;
    }
    res.end(body);
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    preflights,
    reply: (...replies) => void queue.push(...replies),
    fallback: (handler) => void (fallback = handler),
    last() {
      const req = requests[requests.length - 1];
      if (!req) throw new Error('no request recorded');
      return req;
    },
    reset() {
      requests.length = 0;
      preflights.length = 0;
      queue.length = 0;
      fallback = defaultReply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (taken from the OS, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
