/**
 * Envelope types of the public API (spec §3 Response and Pagination) and the narrowing that
 * turns an untrusted envelope into them.
 */
import { asNumber, asRecord, asText } from './json';

/** Paging window of a list answer. */
export interface Pagination {
  count: number;
  offset: number;
  total_count: number;
}

/**
 * Response meta (spec §3): response_id identifies the listing for pingbacks, and
 * pingback_event_type, when the service sends one, is the event type its pingbacks go out as.
 */
export interface Meta {
  response_id: string;
  pingback_event_type?: string;
}

/** Reads `meta.response_id` (missing is '') and `meta.pingback_event_type` from an envelope. */
export function readMeta(envelope: unknown): Meta {
  const raw = asRecord(asRecord(envelope).meta);
  const meta: Meta = { response_id: asText(raw.response_id) ?? '' };
  const eventType = asText(raw.pingback_event_type);
  if (eventType) meta.pingback_event_type = eventType;
  return meta;
}

/** Reads `pagination`; when absent, a window of `received` items at offset 0. */
export function readPagination(envelope: unknown, received: number): Pagination {
  const raw = asRecord(asRecord(envelope).pagination);
  const count = asNumber(raw.count) ?? received;
  const offset = asNumber(raw.offset) ?? 0;
  return { count, offset, total_count: asNumber(raw.total_count) ?? offset + count };
}
