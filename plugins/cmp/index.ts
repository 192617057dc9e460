/**
 * dist/plugins/cmp.js: what asks the page's consent platforms and holds their decisions
 * (src/analytics/cmp.ts), which the player fetches only on a page that has one
 * (src/embed/cmp.ts). The player's one gate (src/analytics/consent.ts) asks it.
 */
import type { GifEmbedGlobal } from '../../src/embed/global';
import { askPlatforms } from '../../src/analytics/cmp';

const global = (window as { GifEmbed?: Partial<GifEmbedGlobal> }).GifEmbed;
if (global) global.cmp = askPlatforms;
