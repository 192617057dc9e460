/**
 * dist/embed.js: finds every `[data-gif-id]` placeholder and marks it.
 * (The player replaces this minimal scan.)
 */
import { runtime } from './runtime';

const SELECTOR = '[data-gif-id]';
const STATE_ATTR = 'data-gif-embed-state';

interface GifEmbedGlobal {
  version: string;
  runtime: typeof runtime;
  scan(root?: ParentNode): void;
}

declare global {
  interface Window { GifEmbed?: GifEmbedGlobal }
}

function scan(root: ParentNode = document) {
  root.querySelectorAll<HTMLElement>(SELECTOR).forEach((el) => {
    if (!el.hasAttribute(STATE_ATTR)) el.setAttribute(STATE_ATTR, 'loading');
  });
}

if (!window.GifEmbed) {
  window.GifEmbed = { version: __SDK_VERSION__, runtime, scan };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => scan());
  else scan();
}
