/**
 * The desktop chrome's static CSS, added to the shared shadow stylesheet when the plugin
 * registers. Class names are the player's (see src/player/styles.ts): h hovered, s small, l light.
 * With the attribution line's rules: on the desktop the chrome's header alone shows it.
 */
import { ATTRIBUTION_CSS } from '../../src/player/Attribution';

export const CHROME_CSS =
  ATTRIBUTION_CSS +
  // The footer's panel is painted by the cutout's spread shadow, so the cutout itself stays a
  // window: a rounded hole behind the call-to-action bar through which the GIF shows.
  '.ft{position:absolute;left:0;right:0;bottom:0;z-index:2;padding:8px;overflow:hidden;transition:transform .4s ease-out}' +
  '.co{position:absolute;z-index:-1;left:50%;bottom:0;width:min(364px,100% - 4px);height:50px;transform:translateX(-50%);' +
  'border-radius:14px;box-shadow:0 0 0 100vmax rgba(18,18,18,.92);pointer-events:none}' +
  '.l .ft{color:#121212}.l .co{box-shadow:0 0 0 100vmax rgba(255,255,255,.94)}' +
  '.rl{margin:0 auto 8px;overflow:hidden}' +
  // One centred line; in a player too narrow for it, it ends in an ellipsis (its start stays in view).
  '.cta{display:block;margin:0 auto;max-width:340px;height:34px;line-height:34px;padding:0 12px;text-align:center;' +
  'border-radius:4px;background:linear-gradient(45deg,#93f,#6157ff);color:#fff;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}' +
  '.s .ft,.s .co{display:none}' +
  // The share arrow points forward: to the left where the line runs right to left (the play triangle does not turn).
  '[aria-haspopup] svg:dir(rtl){transform:scaleX(-1)}';
