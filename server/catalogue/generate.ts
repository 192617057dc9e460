/**
 * Generates the catalogue's media: every rendition of every item in items.ts as real GIF (gifenc),
 * WebP and MP4 (Debian ffmpeg) files, plus creator avatars and media/manifest.json (sizes, bytes,
 * frame counts) that the API reads. Deterministic: same items, same bytes.
 *
 *   node --import tsx server/catalogue/generate.ts [--force | --only=id1,id2 | --avatars]
 *
 * The output is committed, so `npm start` never needs ffmpeg; run this only after changing items.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { drawFrame, paletteFor, toRgba, type ArtSpec, type Rgb } from './art';
import { CLIPS, ITEMS, type ItemSpec } from './items';
import { artOf, encodeGif, itemFrames } from './encode-gif';
import { animatedRenditions, hdSize, HD_FILE, itemFiles, renditionFiles } from './renditions';
import { USERS } from './users';
import {
  MEDIA_DIR, MANIFEST_FILE, AVATAR_DIR, FRAME_COUNT, FRAME_DELAY_MS, AVATAR_SIZE_PX, AVATAR_ORIGINAL_PX, DEFAULT_AVATARS,
  avatarRendition, type Manifest,
} from './media-files';

/** White under a sticker's transparent pixels in its MP4 (video has no alpha channel). */
const STICKER_MATTE: Rgb = [255, 255, 255];
const FPS = 1000 / FRAME_DELAY_MS;
/** ffmpeg processes at once: the machine is shared, two is plenty. */
const PARALLEL_ENCODES = 2;

function ensureFfmpeg(): void {
  if (spawnSync('ffmpeg', ['-version']).status === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error('ffmpeg is missing. Install it (Debian: `sudo apt-get install -y ffmpeg`) and run this script again.');
    process.exit(1);
  }
  console.log('ffmpeg is missing: installing it with apt-get');
  let result = spawnSync('apt-get', ['install', '-y', 'ffmpeg'], { stdio: 'inherit' });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    result = spawnSync('apt-get', ['install', '-y', 'ffmpeg'], { stdio: 'inherit' });
  }
  if (result.status !== 0 || spawnSync('ffmpeg', ['-version']).status !== 0) {
    console.error('Could not install ffmpeg with apt-get; install it by hand and run this script again.');
    process.exit(1);
  }
}

/** Runs ffmpeg with raw RGBA frames on stdin; resolves when the file is written. */
function ffmpeg(width: number, height: number, frames: Uint8Array[], outputArgs: string[]): Promise<void> {
  const args = [
    '-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-framerate', String(FPS), '-i', '-',
    '-an', '-map_metadata', '-1', '-fflags', '+bitexact', '-threads', '1', ...outputArgs,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${outputArgs.at(-1)}: ${stderr}`))));
    for (const frame of frames) child.stdin.write(frame);
    child.stdin.end();
  });
}

const webpArgs = (out: string, animated: boolean) => [
  '-c:v', animated ? 'libwebp_anim' : 'libwebp', '-lossless', '1', '-compression_level', '6', '-pix_fmt', 'bgra',
  ...(animated ? ['-loop', '0'] : ['-frames:v', '1']), '-f', 'webp', out,
];
const mp4Args = (out: string) => [
  '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'slow', '-crf', '26', '-tune', 'animation',
  '-flags:v', '+bitexact', '-movflags', '+faststart', '-f', 'mp4', out,
];


function expectedFiles(item: ItemSpec): string[] {
  const files = animatedRenditions(item.width, item.height).flatMap((r) => itemFiles(r.stem, item.clip));
  return item.hd ? [...files, HD_FILE] : files;
}

async function generateItem(item: ItemSpec): Promise<void> {
  const dir = join(MEDIA_DIR, item.id);
  mkdirSync(dir, { recursive: true });
  const art = artOf(item);
  const palette = paletteFor(art);
  const jobs: (() => Promise<void>)[] = [];
  for (const r of animatedRenditions(item.width, item.height)) {
    const files = renditionFiles(r.stem);
    const frames = itemFrames(item, r.width, r.height);
    // A clip's moving file is its mp4 alone (its stills are images, as every item's are).
    if (!item.clip) writeFileSync(join(dir, files.gif), encodeGif(art, palette, frames, r.width, r.height));
    writeFileSync(join(dir, files.stillGif), encodeGif(art, palette, [frames[0]], r.width, r.height));
    const rgba = frames.map((f) => toRgba(f, palette, art.sticker));
    const matted = frames.map((f) => toRgba(f, palette, art.sticker, STICKER_MATTE));
    if (!item.clip) jobs.push(() => ffmpeg(r.width, r.height, rgba, webpArgs(join(dir, files.webp), true)));
    jobs.push(() => ffmpeg(r.width, r.height, [rgba[0]], webpArgs(join(dir, files.stillWebp), false)));
    jobs.push(() => ffmpeg(r.width, r.height, matted, mp4Args(join(dir, files.mp4))));
  }
  if (item.hd) {
    const size = hdSize(item.width, item.height);
    const frames = Array.from({ length: FRAME_COUNT }, (_, i) =>
      toRgba(drawFrame(art, size.width, size.height, i, FRAME_COUNT), palette, art.sticker, STICKER_MATTE));
    jobs.push(() => ffmpeg(size.width, size.height, frames, mp4Args(join(dir, HD_FILE))));
  }
  await runLimited(jobs, PARALLEL_ENCODES);
}

async function runLimited(jobs: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * Every avatar twice: the file the API names at AVATAR_ORIGINAL_PX and its `{name}/80h.gif`
 * rendition at 80 px, for the creators that have one and for the five default avatars.
 */
function generateAvatars(): void {
  const files = [...Object.values(USERS).map((user) => user.avatar).filter(Boolean), ...DEFAULT_AVATARS];
  files.forEach((file, i) => {
    const art: ArtSpec = { pattern: file.startsWith('default') ? 'blocks' : 'rings', palette: i, seed: 7 + i, sticker: false };
    for (const [name, px] of [[file, AVATAR_ORIGINAL_PX], [avatarRendition(file), AVATAR_SIZE_PX]] as const) {
      const path = join(AVATAR_DIR, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, encodeGif(art, paletteFor(art), [drawFrame(art, px, px, 0, 1)], px, px));
    }
  });
}

/** Reads the pixel size of a GIF (logical screen), WebP (VP8L/VP8X) or, for MP4, takes it from the table. */
function gifSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

function writeManifest(): void {
  const manifest: Manifest = {};
  for (const item of [...ITEMS, ...CLIPS]) {
    const sizes = new Map<string, { width: number; height: number }>();
    for (const r of animatedRenditions(item.width, item.height)) {
      for (const file of Object.values(renditionFiles(r.stem))) sizes.set(file, { width: r.width, height: r.height });
    }
    if (item.hd) sizes.set(HD_FILE, hdSize(item.width, item.height));
    for (const file of expectedFiles(item)) {
      const path = join(MEDIA_DIR, item.id, file);
      const size = sizes.get(file)!;
      if (file.endsWith('.gif')) {
        const actual = gifSize(readFileSync(path));
        if (actual.width !== size.width || actual.height !== size.height) throw new Error(`${path}: unexpected size`);
      }
      const still = file.includes('_s.');
      manifest[`${item.id}/${file}`] = { ...size, bytes: statSync(path).size, frames: still ? 1 : FRAME_COUNT };
    }
  }
  const avatars = readdirSync(AVATAR_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.gif')).sort();
  for (const file of avatars) {
    const size = gifSize(readFileSync(join(AVATAR_DIR, file)));
    manifest[`avatars/${file}`] = { ...size, bytes: statSync(join(AVATAR_DIR, file)).size, frames: 1 };
  }
  writeFileSync(MANIFEST_FILE, `${JSON.stringify(manifest, null, 1)}\n`);
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  // --only=id1,id2 redraws just those items (and rewrites the manifest)
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
  generateAvatars();
  // --avatars redraws the avatars alone (no ffmpeg needed) and rewrites the manifest.
  if (process.argv.includes('--avatars')) return writeManifest();
  ensureFfmpeg();
  let made = 0;
  for (const item of [...ITEMS, ...CLIPS]) {
    const done = expectedFiles(item).every((f) => existsSync(join(MEDIA_DIR, item.id, f)));
    if (only ? !only.includes(item.id) : done && !force) continue;
    await generateItem(item);
    made++;
    process.stdout.write(`\r${made} items generated`);
  }
  writeManifest();
  console.log(`\ncatalogue: ${ITEMS.length} items and ${CLIPS.length} clips in ${MEDIA_DIR}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
