/**
 * Asking the upstream: a deadline, redirects followed only where they are allowed, and bodies
 * read or streamed under a byte cap. A failure is an UpstreamError whose message names no
 * address (an address would carry the key).
 */

/** How the upstream is asked: the runtime's fetch, or one the deployer gives (a service binding, an agent). */
export type Fetcher = (request: Request) => Promise<Response>;

/** Redirects followed at most, each to an allowed address. */
const MAX_REDIRECTS = 3;

export class UpstreamError extends Error {
  constructor(message: string, readonly status = 502) {
    super(message);
  }
}

/** A deadline that can be pushed back (each chunk of a stream does) and is tied to the client's request. */
export interface Deadline {
  signal: AbortSignal;
  extend(): void;
  clear(): void;
}

export function deadline(ms: number, client?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const extend = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new UpstreamError('The upstream did not answer in time', 504)), ms);
  };
  extend();
  client?.addEventListener('abort', () => controller.abort(new UpstreamError('The client went away', 499)), { once: true });
  return { signal: controller.signal, extend, clear: () => clearTimeout(timer) };
}

/**
 * `fetcher(url)` with `init`; a redirect is followed when `allowed(location, from)` gives its
 * address, else it is an error: the upstream never sends the proxy to another host.
 */
export async function ask(fetcher: Fetcher, url: string, init: RequestInit, allowed: (location: string, from: string) => string | undefined): Promise<Response> {
  let target = url;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetcher(new Request(target, { ...init, redirect: 'manual' }));
    } catch (error) {
      const reason = (init.signal as AbortSignal | undefined)?.reason;
      throw reason instanceof UpstreamError ? reason : new UpstreamError('The upstream could not be reached');
    }
    if (response.status < 300 || response.status > 399 || response.status === 304) return response;
    void response.body?.cancel();
    const location = response.headers.get('location');
    const next = location && hop < MAX_REDIRECTS ? allowed(location, target) : undefined;
    if (!next) throw new UpstreamError('The upstream redirected to an address this proxy does not serve');
    target = next;
  }
}

/** The whole body as text, refused past `maxBytes` with `tooLarge`; each chunk pushes `time` back. */
export async function readCapped(response: Response, maxBytes: number, time: Deadline, tooLarge = new UpstreamError('The upstream answer is too large')): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    void response.body?.cancel();
    throw tooLarge;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel();
        throw tooLarge;
      }
      chunks.push(value);
      time.extend();
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    const reason = time.signal.reason;
    throw reason instanceof UpstreamError ? reason : new UpstreamError('The upstream answer broke off');
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * `body` passed on as it arrives, cut off past `maxBytes` or when `time` runs out between
 * chunks; `done` runs once, however the stream ends (finished, failed or cancelled by the client).
 */
export function streamCapped(body: ReadableStream<Uint8Array>, maxBytes: number, time: Deadline, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    time.clear();
    done();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read();
        if (finished) {
          end();
          controller.close();
          return;
        }
        size += value.byteLength;
        if (size > maxBytes) throw new UpstreamError('The media is larger than this proxy serves');
        time.extend();
        controller.enqueue(value);
      } catch (error) {
        end();
        void reader.cancel().catch(() => {});
        controller.error(error instanceof UpstreamError ? error : new UpstreamError('The media broke off'));
      }
    },
    cancel() {
      end();
      return reader.cancel().catch(() => {});
    },
  });
}
