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

/** Response meta: response_id identifies the listing for pingbacks. */
export interface Meta {
  status?: number;
  msg?: string;
  response_id: string;
}

/** Reads `meta` from an envelope; a missing response_id is ''. */
export function readMeta(envelope: unknown): Meta {
  const meta = asRecord(asRecord(envelope).meta);
  const result: Meta = { response_id: asText(meta.response_id) ?? '' };
  const status = asNumber(meta.status);
  if (status !== undefined) result.status = status;
  if (typeof meta.msg === 'string') result.msg = meta.msg;
  return result;
}

/** Reads `pagination`; when absent, a window of `received` items at offset 0. */
export function readPagination(envelope: unknown, received: number): Pagination {
  const raw = asRecord(asRecord(envelope).pagination);
  const count = asNumber(raw.count) ?? received;
  const offset = asNumber(raw.offset) ?? 0;
  return { count, offset, total_count: asNumber(raw.total_count) ?? offset + count };
}
