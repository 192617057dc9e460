/**
 * Identity headers the SDK sends on public API requests (spec §1): the SDK's name, its version
 * (package.json, injected at build time) and the platform. Our own names, not GIPHY's, and
 * configurable (`sdkHeaderPrefix`): each one costs a cross-origin call a preflight.
 */
import { getConfig } from '../config';

export { DEFAULT_SDK_HEADER_PREFIX } from '../config';
export const SDK_NAME = 'gif-embed';
export const SDK_PLATFORM = 'web';
/** Version used when the build did not inject one (unit tests under tsx). */
export const SDK_VERSION_FALLBACK = '0.0.0';

/** The package version baked in by build.mjs, or the fallback. */
export function sdkVersion(): string {
  return typeof __SDK_VERSION__ === 'string' && __SDK_VERSION__ ? __SDK_VERSION__ : SDK_VERSION_FALLBACK;
}

/**
 * The three identity headers with the configured prefix, ready to spread into a Headers init;
 * none when the prefix is '' or not a header name (which would fail every call).
 */
export function sdkHeaders(): Record<string, string> {
  const p = getConfig().sdkHeaderPrefix;
  return /^[\w-]+$/.test(p) ? { [`${p}Name`]: SDK_NAME, [`${p}Version`]: sdkVersion(), [`${p}Platform`]: SDK_PLATFORM } : {};
}
