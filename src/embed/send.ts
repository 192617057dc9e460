/**
 * The player file's `send` (src/api/send.ts, swapped in by scripts/ships.mjs): a request that
 * embed.js already sent (src/embed/early-gifs.ts) is the first attempt of the player's own request
 * for the same address, so the answer is read by the one request path (src/api/request.ts) and
 * nothing is asked twice. A retry asks anew.
 */
const sent = new Map<string, Promise<Response>>();

/** `answer` is that of a request for `url` already sent: the next request for `url` reads it. */
export function sentBefore(url: string, answer: Promise<Response>): void {
  sent.set(url, answer);
}

export function send(url: string, init: RequestInit): Promise<Response> {
  const answer = sent.get(url);
  sent.delete(url);
  return answer || fetch(url, init);
}
