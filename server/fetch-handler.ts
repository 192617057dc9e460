/**
 * Serves a Fetch API handler (`(request: Request) => Promise<Response>`, the form the package's
 * oEmbed provider is written in, as serverless and edge runtimes call it) from Node's http server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers `req` with what `handler` returns for it; `origin` is this service's public origin. */
export async function serveFetchHandler(req: IncomingMessage, res: ServerResponse, origin: string, handler: (request: Request) => Promise<Response>): Promise<void> {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const request = new Request(new URL(req.url ?? '/', origin), { method: req.method, signal: controller.signal });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
}
