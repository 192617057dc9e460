/**
 * Trending scheduler calls of spec §7: schedule a batch of GIFs, read the schedule and the
 * activity, delete a scheduled batch. Every call carries the `access_token` query parameter.
 */
import { getConfig } from '../config';
import { asList, asText, isRecord, toBody, type Body } from './json';
import { sendJson, type CallOptions } from './request';
import { buildUrl, segment, type Query } from './url';

/** Query parameter the scheduler authenticates with (spec §6). */
export const ACCESS_TOKEN_PARAM = 'access_token';

/** A scheduled GIF batch (spec §3): GIFs by id and the time they go out. */
export interface ScheduledBatch extends Body {
  id?: string;
  timestamp: string | number;
  gifs: { id: string }[];
}

/** `path` on the scheduler with the access token and `query`. */
export function schedulerUrl(path: string, accessToken: string, query: Query = {}): string {
  return buildUrl(getConfig().schedulerBase, path, { ...query, [ACCESS_TOKEN_PARAM]: accessToken });
}

const toBatch = (raw: Body): ScheduledBatch => {
  const batch: ScheduledBatch = {
    ...raw,
    timestamp: typeof raw.timestamp === 'number' ? raw.timestamp : asText(raw.timestamp) ?? '',
    gifs: asList(raw.gifs).flatMap((gif) => {
      const id = isRecord(gif) ? asText(gif.id) : asText(gif);
      return id ? [{ id }] : [];
    }),
  };
  const id = asText(raw.id);
  if (id !== undefined) batch.id = id;
  else delete batch.id;
  return batch;
};

const toBatches = (json: unknown): ScheduledBatch[] => {
  const body = toBody(json);
  const list = Array.isArray(json) ? json : asList(body.data ?? body.results ?? body.schedule);
  return list.filter(isRecord).map(toBatch);
};

/**
 * POST schedule with timestamp and gifs (ids): schedules a batch.
 * Returns the scheduler's answer (or `{ ok }`).
 */
export async function scheduleGifs(accessToken: string, timestamp: string | number, gifIds: readonly string[], options: CallOptions = {}): Promise<Body> {
  const body = { timestamp, gifs: gifIds.map((id) => ({ id })) };
  return toBody(await sendJson(schedulerUrl('schedule', accessToken), 'POST', { body, signal: options.signal }));
}

/**
 * GET schedule: the scheduled batches.
 * Returns them with their GIF ids.
 */
export async function getSchedule(accessToken: string, options: CallOptions = {}): Promise<ScheduledBatch[]> {
  return toBatches(await sendJson(schedulerUrl('schedule', accessToken), 'GET', options));
}

/**
 * GET activity: what the scheduler has done.
 * Returns the activity records as sent.
 */
export async function getScheduleActivity(accessToken: string, options: CallOptions = {}): Promise<Body[]> {
  const json = await sendJson(schedulerUrl('activity', accessToken), 'GET', options);
  const body = toBody(json);
  return (Array.isArray(json) ? json : asList(body.data ?? body.results ?? body.activity)).filter(isRecord);
}

/**
 * DELETE schedule/{id}: cancels a scheduled batch.
 * Returns the scheduler's answer (or `{ ok }`).
 */
export async function deleteScheduled(accessToken: string, batchId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await sendJson(schedulerUrl(`schedule/${segment(batchId)}`, accessToken), 'DELETE', options));
}
