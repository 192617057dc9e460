/**
 * Shared by the server tests: the local service started once per suite, raw HTTP requests (so
 * tests control the exact path bytes, the Host header and Accept-Encoding, which fetch would
 * normalise or add) and small JSON helpers.
 */
import { request } from 'node:http';
import type { Test } from 'uvu';
import { startService, type ServiceOptions } from '../../../server/app';
import { beforeAll } from '../../support/before-all';

/**
 * Gives a suite the local service: started on a free port before the suite (quietly, unless
 * `options` say otherwise), closed after. `use` receives its URL and port. `options` may be a
 * function, read when the service starts, for options an earlier `before` hook prepares.
 */
export function withService(
  suite: Test,
  use: (service: { url: string; port: number }) => void,
  options: ServiceOptions | (() => ServiceOptions) = {},
) {
  let close = async () => {};
  beforeAll(suite, async () => {
    const service = await startService({ port: 0, quiet: true, ...(typeof options === 'function' ? options() : options) });
    close = service.close;
    use(service);
  });
  suite.after(() => close());
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  /** Parsed body; throws if it is not JSON. */
  json(): any;
}

/**
 * Sends one request to `base` (e.g. `http://127.0.0.1:1234`) for `path` exactly as written.
 * `options`: method, headers, body.
 */
export function raw(base: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** GET `path` and parse JSON, asserting nothing (tests check status themselves). */
export async function getJson(base: string, path: string, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: RawResponse['headers'] }> {
  const res = await raw(base, path, { headers });
  return { status: res.status, body: res.json(), headers: res.headers };
}

export const KEY = 'api_key=test-key';

/** Strings that must never appear in an error sent to a client: stack frames and file paths. */
export function looksLikeStack(text: string): boolean {
  return /\bat \S+ \(|\.ts:\d+|node:internal|\/work\//.test(text);
}
