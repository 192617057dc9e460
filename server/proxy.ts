/**
 * Proxy mode: `/v1/*` goes to a real GIPHY-compatible API (API_BASE) with the service's key
 * (API_KEY) put in, so pages never hold the real key. Media, pages and pingbacks stay local.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BASE_HEADERS } from './cors';
import { sendError } from './envelope';

const UPSTREAM_TIMEOUT_MS = 10_000;
/** Request headers worth passing on (the SDK's own x- headers included); cookies never are. */
const FORWARD_HEADERS = /^(accept|accept-language|user-agent|x-[a-z0-9-]+)$/i;

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
  let upstream: Response;
  let body: Buffer;
  try {
    upstream = await fetch(target, { method: 'GET', headers, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS), redirect: 'follow' });
    body = Buffer.from(await upstream.arrayBuffer());
  } catch {
    sendError(res, 502, `The API at ${new URL(apiBase).origin} could not be reached`);
    return;
  }
  res.writeHead(upstream.status, {
    ...BASE_HEADERS,
    'Content-Type': upstream.headers.get('content-type') ?? 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': upstream.headers.get('cache-control') ?? 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
