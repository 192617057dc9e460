/**
 * Identity headers the SDK sends on public API requests (spec §1): the SDK's name, its version
 * (package.json, injected at build time) and the platform. Our own names, not GIPHY's.
 */

export const SDK_NAME_HEADER = 'X-Gif-Embed-SDK-Name';
export const SDK_VERSION_HEADER = 'X-Gif-Embed-SDK-Version';
export const SDK_PLATFORM_HEADER = 'X-Gif-Embed-SDK-Platform';
export const SDK_NAME = 'gif-embed';
export const SDK_PLATFORM = 'web';
/** Version used when the build did not inject one (unit tests under tsx). */
export const SDK_VERSION_FALLBACK = '0.0.0';

/** The package version baked in by build.mjs, or the fallback. */
export function sdkVersion(): string {
  return typeof __SDK_VERSION__ === 'string' && __SDK_VERSION__ ? __SDK_VERSION__ : SDK_VERSION_FALLBACK;
}

/** The three identity headers, ready to spread into a Headers init. */
export function sdkHeaders(): Record<string, string> {
  return {
    [SDK_NAME_HEADER]: SDK_NAME,
    [SDK_VERSION_HEADER]: sdkVersion(),
    [SDK_PLATFORM_HEADER]: SDK_PLATFORM,
  };
}
