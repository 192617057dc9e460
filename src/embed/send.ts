/**
 * The player file's `send` (src/api/send.ts, swapped in by scripts/ships.mjs): a request that
 * embed.js already sent (src/embed/early-gifs.ts) is the first attempt of the player's own request
 * for the same address, so the answer is read by the one request path (src/api/request.ts) and
 * nothing is asked twice. A retry asks anew.
 */

/** The answers of requests already sent, by address: the next request for one reads it (src/embed/fetch.ts puts embed.js's there). */
export const sentBefore = new Map<string, Promise<Response>>();

export function send(url: string, init: RequestInit): Promise<Response> {
  const answer = sentBefore.get(url);
  return sentBefore.delete(url) ? answer! : fetch(url, init);
}
