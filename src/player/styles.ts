/**
 * The player's CSS: static rules, parsed once into the shared shadow stylesheet. `.r` is the
 * player root; `all: initial` cuts off what the host page would otherwise pass down by
 * inheritance (fonts, colours, line height), so a hostile host cannot change the player.
 * `overflow: clip` (not only hidden): a focused control never scrolls the player to reveal itself.
 * State classes on the root: e entering (the entry animation, until ready: a player rendered in
 * view, and the error view), h hovered, p paused, s small (chrome hidden), l light theme, o mobile footer open,
 * d desktop (only where both layouts ship: what tells the desktop player's rules from the mobile one's). `.u` keeps the page's own content under a player, in the flow: the box keeps the height it had (`.v`: unpainted). `.at` is the attribution line (src/player/Attribution.tsx ATTRIBUTION_CSS): the mobile player's header shows it, and the desktop chrome's, whose rules come with its plugin (plugins/chrome).
 * A player file built for one layout carries only its rules (src/layout-file.ts).
 */
import { ATTRIBUTION_CSS } from './Attribution';
import { DESKTOP_ONLY, MOBILE_ONLY } from '../layout-file';

export const PLAYER_CSS =
  '.r{all:initial;visibility:inherit;position:absolute;inset:0;display:block;overflow:hidden;overflow:clip;content-visibility:auto;font:14px/1.3 system-ui,sans-serif;' +
  'color:#fff;background:#121212}' +
  // The entry: the box's background fades in over 0.4 s from transparent, and what it holds comes
  // with it (light text reads only as the dark comes in behind it), but the GIF shows at full
  // strength from its first decoded frame: a fade starts from that frame, not from nothing. The
  // animation's end makes the player ready, and the root takes its background back. (An opacity
  // rule on the box's children would also fade every later child in, the share menu and the
  // video view among them.) The background that fades is a layer of its own under the contents,
  // faded by its opacity, which the compositor animates alone: a fade of the box's background
  // colour would be painted again on the page's main thread in every frame of the 0.4 s.
  '.e:before{content:"";position:absolute;inset:0;z-index:-1;background:#121212;animation:e .4s ease-out}' +
  '@keyframes e{0%{opacity:0}}' +
  '.r *{box-sizing:border-box}.l,.l:before{background:#f4f4f4}.e{background:0;z-index:0}.l.er{color:#121212}' +
  '.g,.g img{display:block;width:100%;height:100%}.g img{object-fit:contain}' +
  'button{font:inherit;color:inherit;cursor:pointer;border:0;background:none;padding:0;margin:0}' +
  'a{color:inherit;text-decoration:none}' +
  ':focus-visible{outline:2px solid #0cf;outline-offset:-3px;box-shadow:inset 0 0 0 4px #121212}' +
  'svg{width:20px;height:20px;fill:currentColor;flex:none}' +
  '.hd{position:absolute;inset:0 0 auto;z-index:2;display:flex;align-items:center;gap:4px;height:48px;padding:0 8px;color:#fff}' +
  '.hd:before{content:"";position:absolute;inset:0;z-index:-1;background:linear-gradient(#000000bf,#0009 70%,#0000)}' +
  // The desktop header fades in on hover (and its pause button while paused); the mobile one is
  // always shown, so the mobile player file carries neither rule.
  // (Where both layouts ship, these rules are the desktop player's alone: its root's `d` class.)
  DESKTOP_ONLY(`${MOBILE_ONLY('.d ')}.hd:before,${MOBILE_ONLY('.d ')}.hd>*{opacity:0;transition:opacity .4s}.h .hd:before,.h .hd>*,.p .hd .pp{opacity:1}`) +
  // The attribution line, which the desktop chrome's plugin file carries with its own rules.
  MOBILE_ONLY(ATTRIBUTION_CSS) +
  // The brand in "View on" keeps the weight of the text around it.
  'b{font-weight:inherit}' +
  // Hover feedback where a pointer hovers: the mobile layout is the one of readers without one (spec §2).
  `.ic{display:grid;place-items:center;width:32px;height:32px;border-radius:4px}${DESKTOP_ONLY('.ic:hover{background:#fff3}')}` +
  '.pp{margin-inline-start:auto}' +
  '.ov{position:absolute;inset:0;z-index:3}' +
  `.s .hd>:not(.pp),.s .hd:before,.s .ov${MOBILE_ONLY(',.s .mf')}{display:none}` +
  // The mobile footer: 'View on', the logo button and Watch.
  MOBILE_ONLY(
    '.mf{position:absolute;inset:auto 0 0;z-index:2;display:flex;align-items:center;gap:8px;height:48px;padding:0 8px;' +
      'background:#121212eb;transform:translateY(100%);transition:transform .4s ease-out}.o .mf{transform:none}.l .mf{background:#fffffff0;color:#121212}' +
      '.w{height:32px;padding:0 14px;border-radius:16px;background:#fff;color:#121212;font-weight:600}' +
      '.vo{margin-inline-start:auto;font-weight:600}',
  ) +
  '.er{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;padding:16px;text-align:center}' +
  '.er ::slotted(*){color:#9cf}.l.er ::slotted(*){color:#06c}' +
  // The error view's Try again: the kit's secondary button (src/ui/inputs.tsx) in the player's own sheet.
  '.rt{height:40px;padding:0 16px;font:700 16px/1.25 system-ui,sans-serif;border:1px solid #3a3a3a;border-radius:4px}' +
  `.l .rt{border-color:#d0d0d0;background:#fff}${DESKTOP_ONLY('.rt:hover{filter:brightness(1.1)}')}` +
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}' +
  '.u{overflow:hidden}.v{visibility:hidden}' +
  // Less motion asked for: no fade, slide or pulse. The entry animation still ends (at once), as
  // the ready signal listens for its end.
  '@media (prefers-reduced-motion:reduce){.e:before{animation-duration:1ms}.r *,.r :before,.r :after{animation:none!important;transition:none!important}}';
