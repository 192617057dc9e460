/**
 * The error-reporting sink: `POST /api/{project}/envelope/?sentry_key=` takes Sentry envelopes
 * (what the embed's error reports speak, spec §7, §9), checks their shape and records each event,
 * so tests and the examples can read them back from `/_local/errors`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, sendJson } from './envelope';
import { readBody } from './pingbacks';
import { MAX_JSON_DEPTH, parseBoundedJson, type Records } from './records';

/** An envelope is a few KB; anything past this is refused rather than buffered. */
export const MAX_ENVELOPE_BYTES = 256 * 1024;

/** The path envelopes are posted to; `project` is the DSN's last path segment. */
export const ENVELOPE_PATH = /^\/api\/(\w+)\/envelope\/?$/;

/**
 * Reads one envelope: a JSON header line, then item header and payload lines. 400 when the key
 * is missing or a line is not JSON; records every `event` item with its project and key.
 */
export async function receiveEnvelope(req: IncomingMessage, res: ServerResponse, project: string, query: URLSearchParams, records: Records): Promise<void> {
  const key = (query.get('sentry_key') ?? '').trim();
  if (!key) throw new ApiError(400, 'sentry_key is required');
  const lines = (await readBody(req, MAX_ENVELOPE_BYTES)).toString('utf8').split('\n').filter((line) => line.trim());
  const read = lines.map(parseBoundedJson);
  if (read.some((line) => !line)) throw new ApiError(400, `Every line of an envelope is JSON (nesting at most ${MAX_JSON_DEPTH} deep)`);
  const parsed = read.map((line) => line!.value);
  const [header, ...items] = parsed as Record<string, unknown>[];
  if (!header || typeof header.event_id !== 'string') throw new ApiError(400, 'The envelope header names no event_id');
  for (let i = 0; i + 1 < items.length; i += 2) {
    if (items[i]?.type === 'event') records.errors.add({ received_at: new Date().toISOString(), project, key, header, event: items[i + 1] });
  }
  sendJson(res, 200, { id: header.event_id });
}
