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

/** Response meta: response_id identifies the listing for pingbacks (other meta fields are not used). */
export interface Meta {
  response_id: string;
}

/** Reads `meta.response_id` from an envelope; missing is ''. */
export function readMeta(envelope: unknown): Meta {
  return { response_id: asText(asRecord(asRecord(envelope).meta).response_id) ?? '' };
}

/** Reads `pagination`; when absent, a window of `received` items at offset 0. */
export function readPagination(envelope: unknown, received: number): Pagination {
  const raw = asRecord(asRecord(envelope).pagination);
  const count = asNumber(raw.count) ?? received;
  const offset = asNumber(raw.offset) ?? 0;
  return { count, offset, total_count: asNumber(raw.total_count) ?? offset + count };
}
