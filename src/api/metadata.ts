/**
 * GIF metadata and moderation calls of spec §7: tag counts, extended metadata, translations,
 * language tags, GIF field updates, moderation, batch actions and the leaderboard.
 */
import { asNumber, asText, toBody, toItems, type Body } from './json';
import { apiRequest, getJson, type CallOptions } from './request';
import { siteUrl } from './site';
import { segment } from './url';

/** Batch action that marks a moderator's assigned batch (spec §3). */
export const BATCH_ACTION_ASSIGNED = 'assigned';
const BATCH_ACTIONS_PATH = '/api/v1/moderation/gif-batch-actions/';

/** A moderation batch job (spec §3): job_id, user_id, action; other fields as sent. */
export interface BatchJob extends Body {
  job_id?: string;
  user_id?: string;
  action?: string;
}

const toBatchJob = (raw: Body): BatchJob => {
  const job: BatchJob = { ...raw };
  for (const key of ['job_id', 'user_id', 'action'] as const) {
    const text = asText(raw[key]);
    if (text === undefined) delete job[key];
    else job[key] = text;
  }
  return job;
};

/**
 * GET /ajax/gif/{id}/tag-counts.
 * Returns the counts keyed by tag (non-numeric values dropped).
 */
export async function tagCounts(gifId: string, options: CallOptions = {}): Promise<Record<string, number>> {
  const body = toBody(await getJson(siteUrl(`/ajax/gif/${segment(gifId)}/tag-counts`), options));
  const counts: Record<string, number> = {};
  for (const key of Object.keys(body)) {
    const count = asNumber(body[key]);
    if (count !== undefined) counts[key] = count;
  }
  return counts;
}

/**
 * GET /ajax/gif/{id}/extended-metadata.
 * Returns the metadata object as sent.
 */
export async function extendedMetadata(gifId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await getJson(siteUrl(`/ajax/gif/${segment(gifId)}/extended-metadata`), options));
}

/**
 * GET /ajax/gif/{id}/tag-translations.
 * Returns the translations object as sent.
 */
export async function tagTranslations(gifId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await getJson(siteUrl(`/ajax/gif/${segment(gifId)}/tag-translations`), options));
}

/**
 * GET /ajax/gif/bulk/language-tags?gif_ids&lang: language tags of several GIFs in `lang`.
 * Returns the answer object (keyed by GIF).
 */
export async function bulkLanguageTags(gifIds: readonly string[], lang: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await getJson(siteUrl('/ajax/gif/bulk/language-tags', { gif_ids: gifIds, lang }), options));
}

/** Language tags of one GIF (spec §3): tags and lang. */
export interface LanguageTags {
  tags: string[];
  lang: string;
}

/**
 * POST /ajax/gif/{id}/language-tags with tags and lang (form): adds language tags.
 * Returns the site's answer (or `{ ok }`).
 */
export async function addLanguageTags(gifId: string, data: LanguageTags, options: CallOptions = {}): Promise<Body> {
  const url = siteUrl(`/ajax/gif/${segment(gifId)}/language-tags`);
  return toBody(await apiRequest(url, 'POST', { body: { tags: data.tags, lang: data.lang }, form: true, signal: options.signal }));
}

/**
 * DELETE /ajax/gif/{id}/language-tags with tags and lang (form): removes language tags.
 * Returns the site's answer (or `{ ok }`).
 */
export async function deleteLanguageTags(gifId: string, data: LanguageTags, options: CallOptions = {}): Promise<Body> {
  const url = siteUrl(`/ajax/gif/${segment(gifId)}/language-tags`);
  return toBody(await apiRequest(url, 'DELETE', { body: { tags: data.tags, lang: data.lang }, form: true, signal: options.signal }));
}

/**
 * POST /ajax/gif/update with gif_id, key and value (form): changes one field of a GIF.
 * Returns the site's answer (or `{ ok }`).
 */
export async function updateGif(gifId: string, key: string, value: string | number | boolean, options: CallOptions = {}): Promise<Body> {
  const body = { gif_id: gifId, key, value };
  return toBody(await apiRequest(siteUrl('/ajax/gif/update'), 'POST', { body, form: true, signal: options.signal }));
}

/**
 * POST /api/v1/gifs/{id}/moderation with `data`: a moderation decision for a GIF.
 * Returns the site's answer (or `{ ok }`).
 */
export async function moderateGif(gifId: string, data: Body, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl(`/api/v1/gifs/${segment(gifId)}/moderation`), 'POST', { body: data, signal: options.signal }));
}

/** Filters of the batch listing, passed as query parameters. */
export type BatchQuery = Record<string, string | number | undefined>;

/**
 * GET /api/v1/moderation/gif-batch-actions/ with `query`.
 * Returns the batch jobs.
 */
export async function batchActions(query: BatchQuery = {}, options: CallOptions = {}): Promise<BatchJob[]> {
  return toItems(await getJson(siteUrl(BATCH_ACTIONS_PATH, query), options)).map(toBatchJob);
}

/**
 * GET /api/v1/moderation/gif-batch-actions/?user_id&action=assigned: a moderator's assigned batch.
 * Returns the batch jobs.
 */
export function userBatch(userId: string, options: CallOptions = {}): Promise<BatchJob[]> {
  return batchActions({ user_id: userId, action: BATCH_ACTION_ASSIGNED }, options);
}

/**
 * POST /api/v1/moderation/gif-batch-actions/ with `data`: creates a batch job.
 * Returns the created job.
 */
export async function createBatchAction(data: Body, options: CallOptions = {}): Promise<BatchJob> {
  return toBatchJob(toBody(await apiRequest(siteUrl(BATCH_ACTIONS_PATH), 'POST', { body: data, signal: options.signal })));
}

/**
 * PATCH /api/v1/moderation/gif-batch-actions/{id}/ with action: changes a batch's action.
 * Returns the updated job.
 */
export async function updateBatchAction(jobId: string, action: string, options: CallOptions = {}): Promise<BatchJob> {
  const url = siteUrl(`${BATCH_ACTIONS_PATH}${segment(jobId)}/`);
  return toBatchJob(toBody(await apiRequest(url, 'PATCH', { body: { action }, signal: options.signal })));
}

/**
 * GET /api/v1/moderation/gif-batch-actions/leaderboard/, for one job when `jobId` is given.
 * Returns the leaderboard rows.
 */
export async function leaderboard(jobId?: string, options: CallOptions = {}): Promise<Body[]> {
  return toItems(await getJson(siteUrl(`${BATCH_ACTIONS_PATH}leaderboard/`, { job_id: jobId }), options));
}
