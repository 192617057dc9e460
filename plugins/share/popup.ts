/**
 * Share popups (spec §9): each network's share page opens in a small window centred on the
 * visitor's browser window (twitter 750x350, the others 480x480; sizes live in the model).
 */
import { sharePopupSize, type ShareNetwork } from '../../src/model/share';

/** The box a popup is centred on: the browser window's position and outer size, in screen px. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The `window.open` features for a `size` popup centred on `box`.
 * Returns e.g. 'width=480,height=480,left=400,top=160,noopener' (never negative offsets).
 */
export function popupFeatures(size: { width: number; height: number }, box: ScreenBox): string {
  const left = Math.max(0, Math.round(box.left + (box.width - size.width) / 2));
  const top = Math.max(0, Math.round(box.top + (box.height - size.height) / 2));
  // noopener: the share page is a third party and must not reach back into the host page.
  return `width=${size.width},height=${size.height},left=${left},top=${top},noopener`;
}

/** The visitor's browser window as a ScreenBox (0 where the browser does not say). */
export function windowBox(win: Window = window): ScreenBox {
  return {
    left: win.screenX || 0,
    top: win.screenY || 0,
    width: win.outerWidth || win.innerWidth || 0,
    height: win.outerHeight || win.innerHeight || 0,
  };
}

/**
 * Opens `url`, the share page of a GIF on `network` (`shareUrl`, or for twitter the main site's
 * `twitterSharePage`), in a popup of that network's size centred on the browser window.
 * `win` is the window to open from (tests pass a stand-in); returns what `window.open` returned.
 */
export function openSharePopup(network: ShareNetwork, url: string, win: Window = window): Window | null {
  return win.open(url, `share-${network}`, popupFeatures(sharePopupSize(network), windowBox(win)));
}
