/**
 * dist/plugins/pixels.js: the tracking pixels (src/analytics/pixels.ts: the snippet reader, the
 * IAB macros, once per page), which the player fetches the first time a GIF seen has one
 * (src/embed/pixels.ts). Consent is the player's one gate (src/analytics/consent.ts).
 */
import type { GifEmbedGlobal } from '../../src/embed/global';
import { firePixels } from '../../src/analytics/pixels';

const global = (window as { GifEmbed?: Partial<GifEmbedGlobal> }).GifEmbed;
if (global) global.pixels = firePixels;
