/**
 * The first-party proxy's cost (docs/proxy.md): the time it adds to an API request, measured
 * against asking the API directly, with the docs' own setups run from the packed package (the
 * Node server and the Worker in workerd through `wrangler dev`, as test/runtimes runs them) and
 * the local service as the upstream. Each sample asks, one request at a time on kept-alive
 * connections:
 * - the API directly and through the proxy, each URL new (a cache miss), REQUESTS times;
 * - one URL again and again, directly and through the proxy (a hit where the runtime has the
 *   Cache API: then the proxy answers without asking the API, and the added time can be below 0);
 * - a reader's mix, MIX_URLS URLs asked MIX_REPEATS times each in a shuffled order, of which the
 *   share the proxy answered from its cache (`X-Cache: HIT`) is the hit ratio.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { IDS } from '../server/catalogue/index';
import { LOCAL_API_KEY } from '../server/pages';
import { packedScratch, project, readyWorker, root, run, section, serveOnPort, wranglerDev, type Served } from '../test/runtimes/support';
import type { Metrics } from './table';

/** Requests per figure in a sample. */
const REQUESTS = 50;
const MIX_URLS = 10;
const MIX_REPEATS = 5;
/** The key the docs' setups put in (the local service takes any). */
const KEY = 'bench-proxy-key';

export type ProxySide = 'node proxy' | 'workerd proxy';
export const PROXY_SIDES: ProxySide[] = ['node proxy', 'workerd proxy'];
export const PROXY_CASE = 'first-party proxy: time added per API request';

const running = new Map<ProxySide, Promise<Served>>();
let scratch: string | undefined;

/** The docs' setup for `side`, started once per run against the service at `api`. */
function started(side: ProxySide, api: string): Promise<Served> {
  let proxy = running.get(side);
  if (!proxy) {
    running.set(side, (proxy = (async () => {
      scratch ??= packedScratch();
      const env = { GIF_API_BASE: api, GIF_API_KEY: KEY, GIF_PINGBACK_BASE: api, GIF_MEDIA_HOSTS: api };
      if (side === 'node proxy') {
        return serveOnPort(process.execPath, ['server.mjs'], project(scratch, 'bench-node', section('proxy.md', 'Node').files), env, '/gif-api/v1/none');
      }
      // workerd comes from npm, as `npm test` installs it (test/runtimes/package.json).
      run('bash', [join(root, 'scripts/ensure-runtimes.sh')], root);
      const dir = project(scratch, 'bench-workers', section('proxy.md', 'Cloudflare Workers').files);
      readyWorker(dir, { GIF_API_KEY: KEY });
      const { GIF_API_KEY: _key, ...vars } = env;
      return wranglerDev(dir, vars, '/gif-api/v1/none');
    })()));
  }
  return proxy;
}

/** Stops every proxy the run started. */
export async function stopProxies(): Promise<void> {
  for (const proxy of running.values()) await proxy.then((p) => p.stop(), () => undefined);
  running.clear();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

/** How long a request the limiter refused is waited out at most (Cloudflare's binding counts by the minute). */
const LIMIT_WAIT_MS = 65_000;

/**
 * Each URL asked in turn: the milliseconds of each (the whole body read), how many the proxy's
 * cache answered, and how many times its limiter said 429: the setups keep their limiters, and
 * the bench waits as `Retry-After` says and asks again, timing only the answer.
 */
async function timed(urls: string[]): Promise<{ ms: number[]; hits: number; limited: number }> {
  const ms: number[] = [];
  let hits = 0;
  let limited = 0;
  for (const url of urls) {
    for (const end = Date.now() + LIMIT_WAIT_MS; ;) {
      const start = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      const took = performance.now() - start;
      if (response.status === 429 && Date.now() < end) {
        limited++;
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') || 1)));
        continue;
      }
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      ms.push(took);
      if (response.headers.get('x-cache') === 'HIT') hits++;
      break;
    }
  }
  return { ms, hits, limited };
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

let samples = 0;

/** One sample of the proxy of `side` in front of the service at `api`. */
export async function proxyCase(api: string, side: ProxySide): Promise<Metrics> {
  const proxy = await started(side, api);
  const stamp = `${process.pid}-${++samples}-${side.split(' ')[0]}`;
  const search = (base: string, key: string, i: number) => `${base}/v1/gifs/search?q=bench-${stamp}-${i}&limit=25${key}`;
  const direct = await timed(Array.from({ length: REQUESTS }, (_, i) => search(api, `&api_key=${LOCAL_API_KEY}`, i)));
  const miss = await timed(Array.from({ length: REQUESTS }, (_, i) => search(`${proxy.origin}/gif-api`, '', REQUESTS + i)));
  const one = `${proxy.origin}/gif-api/v1/gifs/${IDS.plain}?bench=${stamp}`;
  await timed([one]);
  const again = await timed(Array.from({ length: REQUESTS }, () => one));
  const directOne = await timed(Array.from({ length: REQUESTS }, () => `${api}/v1/gifs/${IDS.plain}?bench=${stamp}&api_key=${LOCAL_API_KEY}`));
  // The mix: every URL MIX_REPEATS times, in an order that interleaves them (the same each sample).
  const mix = Array.from({ length: MIX_URLS * MIX_REPEATS }, (_, k) => `${proxy.origin}/gif-api/v1/gifs/trending?limit=25&offset=${((k * 7) % MIX_URLS) * 25}&bench=${stamp}`);
  const mixed = await timed(mix);
  const metrics: Metrics = {
    'direct p50 (ms)': quantile(direct.ms, 0.5),
    'direct p99 (ms)': quantile(direct.ms, 0.99),
    'added p50, miss (ms)': quantile(miss.ms, 0.5) - quantile(direct.ms, 0.5),
    'added p99, miss (ms)': quantile(miss.ms, 0.99) - quantile(direct.ms, 0.99),
    'added p50, a URL asked again (ms)': quantile(again.ms, 0.5) - quantile(directOne.ms, 0.5),
    'added p99, a URL asked again (ms)': quantile(again.ms, 0.99) - quantile(directOne.ms, 0.99),
    'cache hit ratio, reader mix (%)': (100 * mixed.hits) / mix.length,
    'refused by the limiter, waited out': miss.limited + again.limited + mixed.limited,
  };
  return metrics;
}
