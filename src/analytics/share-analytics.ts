/**
 * The share helper (spec §7): tells the service a GIF was shared. Its endpoint is the
 * caller's (spec: not shown); a failure is only logged (spec §8).
 */
import { EVENT_CATEGORY, trackEvent } from './track-event';

/**
 * Records a share of `gifId` on `shareType` (e.g. 'facebook'): a 'Social Sharing' event, then a
 * form POST of shareType and gifId to `endpoint` when one is given. Resolves true when the
 * POST succeeded, false otherwise (never rejects).
 */
export async function trackShare(shareType: string, gifId: string, endpoint?: string): Promise<boolean> {
  trackEvent(EVENT_CATEGORY.SOCIAL_SHARING, shareType, gifId);
  if (!endpoint) return false;
  try {
    const response = await globalThis.fetch(endpoint, {
      method: 'POST',
      // Form-encoded keeps it a simple request: no CORS preflight for a fire-and-forget call.
      body: new URLSearchParams({ shareType, gifId }),
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return true;
  } catch (error) {
    console.warn(`Share analytics failed for ${gifId}:`, error);
    return false;
  }
}
