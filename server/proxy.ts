/**
 * Proxy mode: `/v1/*` goes to a real GIPHY-compatible API (API_BASE) with the service's key
 * (API_KEY) put in, so pages never hold the real key. Media, pages and pingbacks stay local.
 * Uses node:http(s) rather than global fetch: in-process tests may have replaced the globals
 * with a DOM's, and a server must not inherit a browser's rules.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BASE_HEADERS } from './cors';
import { sendError } from './envelope';

const UPSTREAM_TIMEOUT_MS = 10_000;
/** The largest upstream answer passed on (a page of 100 GIF objects is well under this). */
const MAX_UPSTREAM_BYTES = 20 * 1024 * 1024;
/** Request headers worth passing on (the SDK's own x- headers included); cookies never are. */
const FORWARD_HEADERS = /^(accept|accept-language|user-agent|x-[a-z0-9-]+)$/i;

interface Upstream {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** GET `url` with `headers`; rejects on network failure, timeout or an oversized answer. */
function getUpstream(url: URL, headers: Record<string, string>): Promise<Upstream> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, timeout: UPSTREAM_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_UPSTREAM_BYTES) req.destroy(new Error('upstream answer too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('upstream timeout')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Forwards `path` (starting `/v1/`) and `query` to `apiBase`, setting `api_key` to `apiKey`
 * when one is configured. Answers 502 with a JSON message when the upstream cannot be reached.
 */
export async function proxyApi(req: IncomingMessage, res: ServerResponse, apiBase: string, apiKey: string | undefined, path: string, query: URLSearchParams): Promise<void> {
  const target = new URL(`${apiBase.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of query) target.searchParams.append(key, value);
  if (apiKey) target.searchParams.set('api_key', apiKey);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (FORWARD_HEADERS.test(name) && typeof value === 'string') headers[name] = value;
  }
  let upstream: Upstream;
  try {
    upstream = await getUpstream(target, headers);
  } catch {
    sendError(res, 502, `The API at ${target.origin} could not be reached`);
    return;
  }
  res.writeHead(upstream.status, {
    ...BASE_HEADERS,
    'Content-Type': String(upstream.headers['content-type'] ?? 'application/json; charset=utf-8'),
    'Content-Length': String(upstream.body.length),
    'Cache-Control': String(upstream.headers['cache-control'] ?? 'no-cache'),
  });
  res.end(req.method === 'HEAD' ? undefined : upstream.body);
}
