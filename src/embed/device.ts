/**
 * Device detection (spec §2): the desktop layout needs a hover-capable pointer and a device
 * string that is not a phone or tablet; everything else gets the mobile layout.
 */

/** Device strings of phones and tablets. */
const MOBILE_DEVICE = /Mobi|Android|iPhone|iPad|iPod|Silk|Kindle|Opera Mini/i;

/**
 * True when the mobile layout applies.
 * `userAgent` and `canHover` default to the browser's.
 */
export function isMobileDevice(
  userAgent: string = navigator.userAgent,
  canHover: boolean = !!window.matchMedia && matchMedia('(hover: hover)').matches,
): boolean {
  return MOBILE_DEVICE.test(userAgent) || !canHover;
}
