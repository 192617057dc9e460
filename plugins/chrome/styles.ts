/**
 * The desktop chrome's static CSS, added to the shared shadow stylesheet when the plugin
 * registers. Class names are the player's (see src/player/styles.ts): h hovered, s small, l light.
 */
export const CHROME_CSS =
  '.ft{position:absolute;left:0;right:0;bottom:0;z-index:2;padding:8px;background:rgba(18,18,18,.92);transition:transform .4s ease-out}' +
  '.l .ft{background:rgba(255,255,255,.94);color:#121212}' +
  '.rl{margin:0 auto 8px;overflow:hidden}' +
  '.cta{display:flex;align-items:center;justify-content:center;gap:4px;margin:0 auto;max-width:340px;height:34px;padding:0 12px;' +
  'border-radius:4px;background:linear-gradient(45deg,#93f,#6157ff);color:#fff;font-weight:600;white-space:nowrap;overflow:hidden}' +
  '.s .ft{display:none}';
