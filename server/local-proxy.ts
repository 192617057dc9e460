/**
 * The service's first-party proxy: the package's own handler (`gif-embed/proxy`, src/proxy),
 * mounted at `/fp/`. Pages that set `data-api-base="{origin}/fp"` read the API, the media and the
 * pingbacks through it, from their own origin and with no key. Its upstream is this service's own
 * API, media hosts and pingback sink, or, in proxy mode (API_BASE), the real API and its media.
 */
import { MEDIA_HOST_COUNT } from './catalogue/index';
import { mediaOrigin } from './catalogue/gif-object';
import { LOCAL_API_KEY } from './pages';
import { createProxyHandler, GIPHY_MEDIA_HOSTS, type ProxyHandler } from '../src/proxy';

/** Where the proxy is mounted on the service. */
export const FIRST_PARTY_PATH = '/fp';
/** The example page in first-party mode, and the one policy it is served with. */
export const FIRST_PARTY_PAGE_PATH = '/examples/first-party.html';
export const FIRST_PARTY_POLICY = "default-src 'self'";

export interface LocalProxySettings {
  /** The origin pages name (the proxy's media addresses are on it). */
  origin: string;
  port: number;
  /** Proxy mode: the real API, its key and its media hosts. */
  apiBase?: string;
  apiKey?: string;
  mediaHosts?: string[];
  /** The catalogue's one media host, when it has one (server/app.ts ServiceOptions.mediaHost). */
  mediaHost?: string;
}

/**
 * The catalogue's media hosts (`http://media{n}.localhost:{port}`, and the plain `media.` one the
 * snippets name, src/model/media-host.ts), or its one `mediaHost`.
 */
export function localMediaHosts(port: number, mediaHost?: string): string[] {
  const numbered = Array.from({ length: MEDIA_HOST_COUNT }, (_, n) => mediaOrigin({ site: '', port, mediaHost }, n));
  return [...new Set(mediaHost ? numbered : [...numbered, `http://media.localhost:${port}`])];
}

/**
 * Asks the upstream, reaching this service's `*.localhost` media hosts on loopback: browsers take
 * every `.localhost` name for loopback, Node's resolver knows only `localhost` itself.
 */
export function loopbackFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (!url.hostname.endsWith('.localhost')) return fetch(request);
  url.hostname = '127.0.0.1';
  return fetch(new Request(url, request));
}

export function localProxy(settings: LocalProxySettings): ProxyHandler {
  const own = `http://127.0.0.1:${settings.port}`;
  return createProxyHandler({
    apiBase: settings.apiBase ?? own,
    apiKey: settings.apiBase ? settings.apiKey ?? '' : LOCAL_API_KEY,
    pingbackBase: own,
    mediaHosts: settings.apiBase ? settings.mediaHosts ?? GIPHY_MEDIA_HOSTS : localMediaHosts(settings.port, settings.mediaHost),
    base: `${settings.origin}${FIRST_PARTY_PATH}`,
    fetch: loopbackFetch,
    // The service answers tests and benches that ask far faster than a reader: the bound on
    // requests in flight still holds, the per-client limit is left to the deployments it stands for.
    limiter: false,
  });
}
