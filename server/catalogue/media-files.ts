/**
 * Where the generated media lives and what media/manifest.json holds. Paths are resolved from
 * this file, so the service finds its catalogue whatever the working directory or static root.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MEDIA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'media');
export const AVATAR_DIR = join(MEDIA_DIR, 'avatars');
export const MANIFEST_FILE = join(MEDIA_DIR, 'manifest.json');

/** Ten frames at 100 ms: a one-second loop, smooth enough for flat shapes and small on disk. */
export const FRAME_COUNT = 10;
export const FRAME_DELAY_MS = 100;
/** Spec §9: avatars are taken at 80 px height: each avatar's `{name}/80h.gif` rendition. */
export const AVATAR_SIZE_PX = 80;
/** The avatar file the API names, as a creator uploaded it (larger than what the embed takes). */
export const AVATAR_ORIGINAL_PX = 200;
/** Default avatars `default1.gif` to `default5.gif` (spec §9), for creators without one. */
export const DEFAULT_AVATARS = [1, 2, 3, 4, 5].map((n) => `default${n}.gif`);

/** The 80 px rendition of avatar `file` (`pixelsmith.gif` -> `pixelsmith/80h.gif`). */
export const avatarRendition = (file: string) => file.replace(/\.gif$/, `/${AVATAR_SIZE_PX}h.gif`);

/** `"{id}/{file}"` or `"avatars/{file}"` -> facts about that file. */
export type Manifest = Record<string, { width: number; height: number; bytes: number; frames: number }>;
