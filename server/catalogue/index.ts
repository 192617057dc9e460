/**
 * The catalogue: item metadata (items.ts), creators (users.ts), the generated media and its
 * manifest, and the queries the API answers. `loadCatalogue()` checks the media is there once,
 * at start, so a missing file is a clear start-up error rather than a broken response later.
 */
import { existsSync, readFileSync } from 'node:fs';
import { CLIPS, ITEMS, IDS, SEARCH_TAIL, type ItemSpec } from './items';
import { MANIFEST_FILE, MEDIA_DIR, type Manifest } from './media-files';
import { gifObject, type Origins } from './gif-object';

export { CLIPS, IDS, ITEMS, MEDIA_DIR, SEARCH_TAIL };
export type { ItemSpec, Origins, Manifest };
export { gifObject, mediaUrl, slugOf, tagText, userObject, MEDIA_HOST_COUNT, type GifObject } from './gif-object';
export * from './queries';
export { USERS, HOSTILE_BREAKOUT, HOSTILE_MARKUP, HOSTILE_URL, type CatalogueUser } from './users';
export { animatedRenditions, HD_FILE, itemFiles, renditionFiles } from './renditions';
export { FRAME_COUNT } from './media-files';

export interface Catalogue {
  /** GIFs and stickers. */
  items: ItemSpec[];
  /** Clips (GET videos). */
  clips: ItemSpec[];
  /** GIFs only searches reach (the long tail): items.ts SEARCH_TAIL. */
  tail: ItemSpec[];
  manifest: Manifest;
  /** Item with `id`, or undefined. */
  byId(id: string): ItemSpec | undefined;
  /** The API's GIF object for `item` with links on `origins`. */
  toGif(item: ItemSpec, origins: Origins): ReturnType<typeof gifObject>;
}

/**
 * Reads the manifest and indexes the items.
 * Throws with the command to run when the generated media is missing.
 */
export function loadCatalogue(): Catalogue {
  if (!existsSync(MANIFEST_FILE)) {
    throw new Error(`catalogue media missing in ${MEDIA_DIR}: run \`node --import tsx server/catalogue/generate.ts\``);
  }
  const manifest = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as Manifest;
  const all = [...ITEMS, ...CLIPS, ...SEARCH_TAIL];
  const byId = new Map(all.map((item) => [item.id, item]));
  const origins0: Origins = { site: 'http://check', port: 0 };
  // building every object once proves every file the API will name is in the manifest
  for (const item of all) gifObject(item, origins0, manifest);
  return {
    items: ITEMS,
    clips: CLIPS,
    tail: SEARCH_TAIL,
    manifest,
    byId: (id) => byId.get(id),
    toGif: (item, origins) => gifObject(item, origins, manifest),
  };
}
