/**
 * A Fetch API handler served by Node's http server, which speaks in `IncomingMessage` and
 * `ServerResponse`: the request's method, headers and body become a `Request`, the `Response`'s
 * status, headers and streamed body go back, and the client's address goes beside it. The types
 * are the few members used, so this file needs nothing of Node's to be imported.
 */
import type { ClientInfo } from './client';

/** What is read of Node's `IncomingMessage`. */
interface NodeRequest extends AsyncIterable<Uint8Array | string> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string };
}

/** What is used of Node's `ServerResponse`. */
interface NodeResponse {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  on(event: 'close' | 'drain', listener: () => void): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  readonly writableEnded: boolean;
  destroyed?: boolean;
}

/**
 * `(req, res)` for `http.createServer`, answering with `handler`. `origin` is the address the
 * requests' URLs are made on (`https://blog.example`); default: the request's `Host`.
 */
export function nodeListener(handler: (request: Request, info?: ClientInfo) => Promise<Response>, origin?: string) {
  return (req: NodeRequest, res: NodeResponse): void => {
    void serveNode(req, res, handler, origin);
  };
}

/** Answers `req` on `res` with `handler` (see nodeListener); never rejects. */
export async function serveNode(req: NodeRequest, res: NodeResponse, handler: (request: Request, info?: ClientInfo) => Promise<Response>, origin?: string): Promise<void> {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(':') || value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const method = req.method ?? 'GET';
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const base = origin ?? `http://${req.headers.host ?? 'localhost'}`;
    const request = new Request(new URL(req.url ?? '/', base), {
      method,
      headers,
      signal: controller.signal,
      ...(hasBody ? { body: bodyOf(req), duplex: 'half' } : {}),
    } as RequestInit);
    const response = await handler(request, { remoteAddr: { hostname: req.socket.remoteAddress } });
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const cookies = response.headers.getSetCookie?.() ?? [];
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(response.status, out);
    if (response.body && method !== 'HEAD') {
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || res.destroyed) break;
          if (!res.write(value)) await new Promise<void>((resolve) => { res.once('drain', resolve); res.once('close', resolve); });
        }
      } catch {
        // the body broke off (a cap, a timeout): the client sees a cut answer, as it would from the host
      } finally {
        void reader.cancel().catch(() => {});
      }
    }
    res.end();
  } catch {
    if (!res.writableEnded) {
      try {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      } catch {
        // headers were out already
      }
      res.end();
    }
  }
}

/** The request's body as a stream (Node's request is an async iterable of chunks). */
function bodyOf(req: NodeRequest): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === 'string' ? new TextEncoder().encode(value) : value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}
