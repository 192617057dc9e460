/**
 * The placeholders the loader watches, each with what it keeps for it, in the order they were
 * set up (page order within a scan).
 */

import type { Strings } from '../i18n';

/** What the loader keeps for a placeholder it watches. */
export interface Embed {
  /**
   * Where Preact renders, inside the shadow root: made when the placeholder starts, so a page of
   * hundreds sets up none for the placeholders far down.
   */
  container?: Element;
  /** Detaches the fallback `<style>` from the shared stylesheet. */
  detach?(): void;
  /** The GIF id attribute it was mounted with. */
  id: string | null;
  /** The host's `position` the player needs, read at setup and written when the player comes (see box.ts). */
  position?: string;
  /** The load has started (fetch or render). */
  started?: boolean;
  /** Renders what the container shows now (player or error view) in `strings`: again when the reader's table comes. */
  paint?(strings: Strings): void;
}

/**
 * Every watched placeholder and what is kept for it, in the order they were set up (page order
 * within a scan). Only the loader adds and removes; near.ts reads it.
 */
export const embeds = new Map<Element, Embed>();
