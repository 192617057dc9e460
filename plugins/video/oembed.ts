/**
 * The oembed lookup (spec §7): asks the provider whether the video exists and may be embedded
 * before the heavy player loads, mapping 403 and 404 to the spec §5 messages.
 */
import { HttpError, ValidationError } from '../../src/api/errors';
import { PROVIDERS, notEmbeddableMessage, notFoundMessage, notProviderUrlMessage, oembedUrl, type Provider } from './providers';

/** The fields of an oembed answer the player reads (all optional: providers differ). */
export interface OEmbed {
  title?: string;
  html?: string;
  width?: number;
  height?: number;
  thumbnail_url?: string;
}

/** Shown when the provider could not be reached at all (offline, blocked, DNS). */
export const PROVIDER_UNREACHABLE = (provider: Provider) => `${PROVIDERS[provider].name} could not be reached.`;

/**
 * GETs the oembed data of the provider `url` with `options`. Rejects with a ValidationError
 * for a foreign url, an HttpError "is not embeddable" (403), "was not found" (404), the status
 * text otherwise, or "could not be reached" when no response came. `fetchImpl` is for tests.
 */
export async function fetchOembed(
  provider: Provider,
  url: string,
  options: Record<string, string | number | undefined> = {},
  fetchImpl: typeof fetch = fetch,
): Promise<OEmbed> {
  let host = '';
  try {
    host = new URL(url).hostname;
  } catch {
    // Not a url at all: reported below as a foreign url.
  }
  if (!PROVIDERS[provider].hosts.test(host)) throw new ValidationError(notProviderUrlMessage(url, provider));
  let response: Response;
  try {
    response = await fetchImpl(oembedUrl(provider, url, options), { headers: { Accept: 'application/json' } });
  } catch {
    throw new HttpError(0, '', PROVIDER_UNREACHABLE(provider));
  }
  if (response.status === 403) throw new HttpError(403, response.statusText, notEmbeddableMessage(url));
  if (response.status === 404) throw new HttpError(404, response.statusText, notFoundMessage(url));
  if (!response.ok) throw new HttpError(response.status, response.statusText);
  try {
    const json = (await response.json()) as unknown;
    return json && typeof json === 'object' ? (json as OEmbed) : {};
  } catch {
    // The provider said yes but sent no readable JSON: the video still plays.
    return {};
  }
}
