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
/** Spec §9: avatars are taken at 80 px height. */
export const AVATAR_SIZE_PX = 80;

/** `"{id}/{file}"` or `"avatars/{file}"` -> facts about that file. */
export type Manifest = Record<string, { width: number; height: number; bytes: number; frames: number }>;
