/**
 * How a request leaves: the browser's `fetch`, which src/api/request.ts `fetchText` calls for
 * each attempt. The player file ships src/embed/send.ts instead (scripts/ships.mjs SWAPS): there a
 * request embed.js already sent for the same address is that attempt.
 */
export const send = (url: string, init: RequestInit): Promise<Response> => fetch(url, init);
