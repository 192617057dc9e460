/**
 * The catalogue's pictures: flat-coloured animated patterns drawn straight into palette indices
 * (no anti-aliasing, so GIF's LZW and lossless WebP squeeze them to a few KB). Each pattern is a
 * function of position and loop phase, and every motion completes whole periods per loop, so the
 * last frame runs seamlessly into the first. Drawing is resolution-free: each rendition is the
 * same picture drawn at its own size, not a resampled copy.
 */

export type Rgb = [number, number, number];

export const GIF_PATTERNS = ['bounce', 'stripes', 'checker', 'rings', 'spinner', 'blocks', 'wave', 'orbit'] as const;
export const STICKER_PATTERNS = ['star', 'heart', 'blob', 'donut', 'burst'] as const;
export type GifPattern = (typeof GIF_PATTERNS)[number];
export type StickerPattern = (typeof STICKER_PATTERNS)[number];

/** Five flat colours each: GIFs use [background, a, b, c, d]. */
export const PALETTES: Rgb[][] = [
  [[24, 24, 48], [255, 102, 102], [255, 204, 0], [0, 204, 255], [153, 51, 255]],
  [[255, 243, 224], [0, 150, 136], [255, 87, 34], [63, 81, 181], [255, 193, 7]],
  [[18, 18, 18], [0, 255, 153], [255, 0, 110], [255, 255, 255], [58, 134, 255]],
  [[230, 240, 255], [233, 30, 99], [156, 39, 176], [0, 188, 212], [139, 195, 74]],
  [[40, 20, 60], [255, 190, 11], [251, 86, 7], [255, 0, 110], [131, 56, 236]],
  [[250, 250, 250], [38, 70, 83], [42, 157, 143], [233, 196, 106], [231, 111, 81]],
  [[10, 40, 70], [255, 255, 255], [255, 100, 80], [120, 220, 255], [255, 220, 90]],
  [[255, 230, 240], [90, 24, 154], [255, 105, 180], [0, 180, 120], [30, 30, 30]],
];

/** Sticker palette slots: 0 is transparent, 1 the white cut-out outline, 2..4 the shape's colours. */
const STICKER_OUTLINE: Rgb = [255, 255, 255];
export const TRANSPARENT_INDEX = 0;

export interface ArtSpec {
  pattern: GifPattern | StickerPattern;
  /** Index into PALETTES. */
  palette: number;
  /** Varies counts, speeds and phases within the pattern. */
  seed: number;
  sticker: boolean;
}

/** The GIF colour table for `spec` (stickers: slot 0 transparent, slot 1 outline white). */
export function paletteFor(spec: ArtSpec): Rgb[] {
  const colours = PALETTES[spec.palette % PALETTES.length];
  return spec.sticker ? [[0, 0, 0], STICKER_OUTLINE, colours[1], colours[2], colours[3]] : colours;
}

/** Small deterministic generator (mulberry32): `seed` -> a function giving floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAU = Math.PI * 2;
const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Per-spec constants, drawn once from the seed so all frames and sizes agree. */
interface Knobs { n: number; k: number; a: number[]; b: number[]; phase: number[]; radius: number[]; angle: number }

function knobsFor(seed: number): Knobs {
  const rnd = seededRandom(seed);
  const pick = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  return {
    n: pick(3, 7),
    k: 3 * pick(2, 4),
    a: [pick(1, 2), pick(1, 2), pick(1, 3), pick(1, 2)],
    b: [pick(1, 2), pick(1, 3), pick(1, 2), pick(1, 2)],
    phase: [rnd() * TAU, rnd() * TAU, rnd() * TAU, rnd() * TAU],
    radius: [0.1 + rnd() * 0.08, 0.08 + rnd() * 0.08, 0.06 + rnd() * 0.08, 0.05 + rnd() * 0.06],
    angle: rnd() * Math.PI,
  };
}

type Shader = (x: number, y: number, t: number, q: Knobs, aspect: number) => number;

/** GIF patterns: x, y centred, the short side spans -0.5..0.5; t is the loop phase 0..1. */
const GIF_SHADERS: Record<GifPattern, Shader> = {
  bounce(x, y, t, q, aspect) {
    for (let i = 0; i < 3; i++) {
      const cx = 0.5 * (aspect - 2 * q.radius[i]) * Math.sin(TAU * t * q.a[i] + q.phase[i]);
      const cy = (0.5 - q.radius[i]) * Math.cos(TAU * t * q.b[i] + q.phase[i + 1]);
      if ((x - cx) ** 2 + (y - cy) ** 2 < q.radius[i] ** 2) return i + 1;
    }
    return 0;
  },
  stripes(x, y, t, q) {
    const along = x * Math.cos(q.angle) + y * Math.sin(q.angle);
    return 1 + mod(Math.floor(along * q.n * 2 + t * 3), 3);
  },
  checker(x, y, t, q) {
    const cell = (Math.floor(x * q.n + t * 2) + Math.floor(y * q.n)) & 1;
    const r = 0.18 + 0.06 * Math.sin(TAU * t);
    if (x * x + y * y < r * r) return 3;
    return cell ? 1 : 2;
  },
  rings(x, y, t, q) {
    const d = Math.sqrt(x * x + y * y);
    return 1 + mod(Math.floor(d * q.n * 2 - t * 3), 3);
  },
  spinner(x, y, t, q) {
    const d = Math.sqrt(x * x + y * y);
    if (d > 0.42) return 0;
    if (d < 0.08) return 4;
    const turn = Math.atan2(y, x) / TAU + t;
    return 1 + mod(Math.floor(turn * q.k), 3);
  },
  blocks(x, y, t, q) {
    const cx = Math.floor(x * q.n);
    const cy = Math.floor(y * q.n);
    const fx = x * q.n - cx - 0.5;
    const fy = y * q.n - cy - 0.5;
    const half = 0.25 + 0.2 * Math.sin(TAU * t + (cx + cy) * 0.9);
    if (Math.abs(fx) < half && Math.abs(fy) < half) return 1 + mod(cx + cy, 3);
    return 0;
  },
  wave(x, y, t, q) {
    const w1 = 0.18 * Math.sin(x * q.n * 1.5 + TAU * t);
    const w2 = 0.12 * Math.sin(x * q.n + TAU * t * 2 + q.phase[0]) + 0.22;
    if (y > w2) return 3;
    return y > w1 ? 1 : 2;
  },
  orbit(x, y, t, q) {
    if (x * x + y * y < 0.12 ** 2) return 4;
    for (let i = 0; i < 3; i++) {
      const r = 0.2 + i * 0.1;
      const a = TAU * t * q.a[i] * (i % 2 ? -1 : 1) + q.phase[i];
      const dx = x - r * Math.cos(a);
      const dy = y - r * Math.sin(a);
      if (dx * dx + dy * dy < (0.045 + i * 0.01) ** 2) return i + 1;
    }
    return 0;
  },
};

/** Sticker shapes: distance-like test `inside(x, y, grow)` for fill and, grown, for the outline. */
type StickerShape = (x: number, y: number, t: number, q: Knobs, grow: number) => number;

const OUTLINE = 0.035;

const STICKER_SHAPES: Record<StickerPattern, StickerShape> = {
  star(x, y, t, q, grow) {
    const d = Math.sqrt(x * x + y * y);
    const a = Math.atan2(y, x) - (TAU * t) / 5;
    const r = 0.3 * (0.72 + 0.28 * Math.cos(5 * a)) + grow;
    if (d >= r) return 0;
    return d < r * 0.45 ? 3 : 2;
  },
  heart(x, y, t, _q, grow) {
    const s = 0.3 * (1 + 0.1 * Math.sin(TAU * t)) + grow;
    const hx = x / s;
    const hy = -(y / s) + 0.25;
    const f = (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3;
    if (f > 0) return 0;
    return hx < -0.3 && hy > 0.3 ? 4 : 2;
  },
  blob(x, y, t, q, grow) {
    const d = Math.sqrt(x * x + y * y);
    const a = Math.atan2(y, x);
    const r = 0.3 * (1 + 0.12 * Math.sin(3 * a + TAU * t) + 0.08 * Math.cos(5 * a - TAU * t * 2 + q.phase[0])) + grow;
    if (d >= r) return 0;
    return 2 + mod(Math.floor((d / r) * 3 - t * 3), 3);
  },
  donut(x, y, t, _q, grow) {
    const d = Math.sqrt(x * x + y * y);
    const outer = 0.34 + 0.03 * Math.sin(TAU * t) + grow;
    const inner = 0.16 - grow;
    if (d >= outer || d <= inner) return 0;
    const turn = Math.atan2(y, x) / TAU - t;
    return 2 + mod(Math.floor(turn * 6), 3);
  },
  burst(x, y, t, q, grow) {
    const d = Math.sqrt(x * x + y * y);
    const a = Math.atan2(y, x) + (TAU * t) / q.k;
    const spike = Math.cos(q.k * a) > 0 ? 1 : 0.78;
    const r = 0.36 * spike + grow;
    if (d >= r) return 0;
    return d < 0.16 ? 4 : 3;
  },
};

/**
 * Draws frame `frame` of `frames` for `spec` at `width` x `height`.
 * Returns one palette index per pixel, row by row.
 */
export function drawFrame(spec: ArtSpec, width: number, height: number, frame: number, frames: number): Uint8Array {
  const q = knobsFor(spec.seed);
  const t = frame / frames;
  const side = Math.min(width, height);
  const aspect = width / side;
  const out = new Uint8Array(width * height);
  for (let py = 0; py < height; py++) {
    const y = (py + 0.5 - height / 2) / side;
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5 - width / 2) / side;
      let index: number;
      if (spec.sticker) {
        const shape = STICKER_SHAPES[spec.pattern as StickerPattern];
        const fill = shape(x, y, t, q, 0);
        index = fill || (shape(x, y, t, q, OUTLINE) ? 1 : TRANSPARENT_INDEX);
      } else {
        index = GIF_SHADERS[spec.pattern as GifPattern](x, y, t, q, aspect);
      }
      out[py * width + px] = index;
    }
  }
  return out;
}

/**
 * Expands palette indices to RGBA for the video/WebP encoders.
 * `matte`: colour put under transparent pixels (MP4 has no alpha); omitted = keep them transparent.
 */
export function toRgba(indices: Uint8Array, palette: Rgb[], sticker: boolean, matte?: Rgb): Uint8Array {
  const out = new Uint8Array(indices.length * 4);
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i];
    const clear = sticker && index === TRANSPARENT_INDEX;
    const rgb = clear ? matte ?? [0, 0, 0] : palette[index];
    out[i * 4] = rgb[0];
    out[i * 4 + 1] = rgb[1];
    out[i * 4 + 2] = rgb[2];
    out[i * 4 + 3] = clear && !matte ? 0 : 255;
  }
  return out;
}
