/**
 * Item metadata of the catalogue. The named items at the top are the fixtures tests and examples
 * rely on (their ids are stable and documented in server/README.md); the rest are filled in from
 * word lists with a fixed seed, so every run and every machine sees the same catalogue.
 */
import { GIF_PATTERNS, PALETTES, STICKER_PATTERNS, seededRandom, type GifPattern, type StickerPattern } from './art';
import { HOSTILE_BREAKOUT, HOSTILE_MARKUP, type UserKey } from './users';

export type Tag = string | { text: string };
export type Rating = 'g' | 'pg' | 'pg-13' | 'r' | 'y';

export interface ItemSpec {
  id: string;
  /** May be empty: the client must then build alt text from username and tags. */
  title: string;
  /** Words the slug is made of (`bouncing-dots-{id}`). */
  slugText: string;
  sticker: boolean;
  pattern: GifPattern | StickerPattern;
  palette: number;
  seed: number;
  width: number;
  height: number;
  tags: Tag[];
  user: UserKey | null;
  rating: Rating;
  source: string;
  category: string;
  external?: { provider_name: 'youtube' | 'vimeo'; asset_uid: string; start: number };
  /** Items with a tracking id: bottle_data gets `tid` and a pixel snippet. */
  tid?: string;
  hd?: boolean;
  /** A clip (`type: 'video'`): its moving renditions are mp4 files only, beside their stills. */
  clip?: boolean;
  /** The item whose media files this one shows (the search tail's reposts); its own id otherwise. */
  mediaOf?: string;
  featured?: boolean;
  imported: string;
}

/** Stable ids for tests and examples. */
export const IDS = {
  plain: 'gifPlainBounce01',
  sticker: 'stkStarCutout01',
  youtube: 'gifYoutubeWave01',
  youtube2: 'gifYoutubeRings02',
  vimeo: 'gifVimeoOrbit01',
  vimeo2: 'gifVimeoBlocks02',
  bottle: 'gifBottlePixel01',
  bottle2: 'gifBottlePixel02',
  hostile: 'gifHostileTitle01',
  hostileSticker: 'stkHostileTags01',
  noUser: 'gifNoUser01',
  unverified: 'gifUnverified01',
  notPublic: 'gifNotPublic01',
  suppressed: 'gifSuppressed01',
  noDisplayName: 'gifNoDisplayName01',
  untitled: 'gifUntitled01',
  objectTags: 'gifObjectTags01',
  hd: 'gifHdStripes01',
  portrait: 'gifPortrait01',
  wide: 'gifWide01',
  clip: 'clipOrbitHd01',
  clipPortrait: 'clipBouncePortrait01',
  clip2: 'clipWavesHd02',
  clip3: 'clipStripes03',
} as const;

const SIZES: [number, number][] = [[320, 240], [320, 320], [320, 180], [240, 320], [320, 200]];
const STICKER_SIZE = 240;
const GENERATED_GIFS = 34;
const GENERATED_STICKERS = 9;

const CATEGORY_OF: Record<GifPattern | StickerPattern, string> = {
  bounce: 'Bouncing', orbit: 'Bouncing', stripes: 'Stripes and Checks', checker: 'Stripes and Checks',
  rings: 'Spinners', spinner: 'Spinners', blocks: 'Patterns', wave: 'Patterns',
  star: 'Stickers', heart: 'Stickers', blob: 'Stickers', donut: 'Stickers', burst: 'Stickers',
};

const PATTERN_WORDS: Record<GifPattern | StickerPattern, string> = {
  bounce: 'bouncing dots', stripes: 'sliding stripes', checker: 'checker dance', rings: 'ripple rings',
  spinner: 'color wheel', blocks: 'pulsing blocks', wave: 'rolling waves', orbit: 'tiny orbit',
  star: 'spinning star', heart: 'beating heart', blob: 'wobbly blob', donut: 'rainbow donut', burst: 'sun burst',
};

const MOODS = ['happy', 'chill', 'party', 'sleepy', 'excited', 'calm', 'wow', 'hello', 'yes', 'love', 'dance', 'mood'];
const EXTRA_TAGS = ['loop', 'colorful', 'abstract', 'geometric', 'shapes', 'retro', 'bright', 'satisfying'];
const CREATORS: (UserKey | null)[] = ['pixelsmith', 'doodlebox', 'loopgarden', 'pixelsmith', null, 'doodlebox', 'quietfox', 'brandstudio'];
const RATINGS: Rating[] = ['g', 'g', 'g', 'pg', 'g', 'pg-13', 'y'];

function titleCase(words: string): string {
  return words.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function date(day: number): string {
  const d = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + (day % 24) * 3_600_000);
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

let seedCounter = 100;
function base(id: string, pattern: GifPattern | StickerPattern, over: Partial<ItemSpec> = {}): ItemSpec {
  const sticker = (STICKER_PATTERNS as readonly string[]).includes(pattern);
  const seed = seedCounter++;
  const words = PATTERN_WORDS[pattern];
  return {
    id, title: `${titleCase(words)} ${sticker ? 'Sticker' : 'GIF'}`, slugText: words, sticker, pattern,
    palette: seed % PALETTES.length, seed, width: sticker ? STICKER_SIZE : 320, height: sticker ? STICKER_SIZE : 240,
    tags: [...words.split(' '), sticker ? 'transparent' : 'loop'], user: sticker ? 'stickerlab' : 'pixelsmith', rating: 'g',
    source: '', category: CATEGORY_OF[pattern], imported: date(seed % 300), ...over,
  };
}

const NAMED: ItemSpec[] = [
  base(IDS.plain, 'bounce', { title: 'Bouncing Dots', tags: ['bouncing', 'dots', 'happy', 'loop'], featured: true, source: 'https://example.com/dots' }),
  base(IDS.sticker, 'star', { title: 'Spinning Star Sticker', tags: ['star', 'spinning', 'transparent', 'sticker'] }),
  base(IDS.youtube, 'wave', {
    title: 'Rolling Waves Clip', tags: ['waves', 'video', 'youtube'], hd: true,
    external: { provider_name: 'youtube', asset_uid: 'aqz-KE-bpKQ', start: 12 },
  }),
  base(IDS.youtube2, 'rings', {
    title: 'Ripple Rings Clip', tags: [{ text: 'rings' }, { text: 'video' }], user: 'doodlebox', width: 320, height: 180,
    external: { provider_name: 'youtube', asset_uid: 'YE7VzlLtp-4', start: 0 },
  }),
  base(IDS.vimeo, 'orbit', {
    title: 'Tiny Orbit Clip', tags: ['orbit', 'video', 'vimeo'], hd: true, width: 320, height: 180,
    external: { provider_name: 'vimeo', asset_uid: '1084537', start: 5 },
  }),
  base(IDS.vimeo2, 'blocks', {
    title: 'Pulsing Blocks Clip', tags: ['blocks', { text: 'vimeo' }], user: 'brandstudio',
    external: { provider_name: 'vimeo', asset_uid: '76979871', start: 0 },
  }),
  base(IDS.bottle, 'checker', { title: 'Sponsored Checker Dance', tags: ['checker', 'sponsored'], user: 'brandstudio', tid: 'tidLocalCampaign01' }),
  base(IDS.bottle2, 'spinner', { title: 'Sponsored Color Wheel', tags: ['wheel', 'sponsored'], tid: 'tidLocalCampaign02' }),
  base(IDS.hostile, 'stripes', {
    title: `${HOSTILE_MARKUP} ${HOSTILE_BREAKOUT}`, slugText: 'hostile title', user: 'hostile',
    tags: [HOSTILE_MARKUP, { text: HOSTILE_BREAKOUT }, 'hostile', 'javascript:alert(1)'],
    source: 'javascript:alert(1)',
  }),
  base(IDS.hostileSticker, 'burst', {
    title: '', slugText: 'hostile sticker', user: 'hostile', tags: [HOSTILE_BREAKOUT, { text: HOSTILE_MARKUP }, 'hostile'],
  }),
  base(IDS.noUser, 'rings', { title: 'Ripple Rings Without A Creator', user: null, tags: ['rings', 'ripple', 'anonymous'] }),
  base(IDS.unverified, 'blocks', { title: 'Pulsing Blocks', user: 'doodlebox', tags: ['blocks', 'pulse'] }),
  base(IDS.notPublic, 'wave', { title: 'Rolling Waves', user: 'quietfox', tags: ['waves', 'calm'] }),
  base(IDS.suppressed, 'spinner', { title: 'Color Wheel', user: 'brandstudio', tags: ['wheel', 'brand'] }),
  base(IDS.noDisplayName, 'orbit', { title: 'Tiny Orbit', user: 'loopgarden', tags: ['orbit', 'planet'] }),
  base(IDS.untitled, 'checker', { title: '', user: 'doodlebox', tags: ['checker', 'transparent', 'squares', 'party', 'dance', 'extra'] }),
  base(IDS.objectTags, 'stripes', { title: 'Sliding Stripes', tags: [{ text: 'stripes' }, { text: 'sliding' }, { text: 'retro' }] }),
  base(IDS.hd, 'stripes', { title: 'Wide Stripes In HD', tags: ['stripes', 'hd'], hd: true, width: 320, height: 180, featured: true }),
  base(IDS.portrait, 'bounce', { title: 'Tall Bouncing Dots', tags: ['dots', 'tall'], width: 240, height: 320 }),
  base(IDS.wide, 'wave', { title: 'Wide Rolling Waves', tags: ['waves', 'wide'], width: 320, height: 180, hd: true }),
];

function generated(): ItemSpec[] {
  const rnd = seededRandom(2024);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const out: ItemSpec[] = [];
  for (let i = 0; i < GENERATED_GIFS + GENERATED_STICKERS; i++) {
    const sticker = i >= GENERATED_GIFS;
    const pattern = sticker ? STICKER_PATTERNS[i % STICKER_PATTERNS.length] : GIF_PATTERNS[i % GIF_PATTERNS.length];
    const mood = pick(MOODS);
    const number = String(i + 1).padStart(2, '0');
    const words = `${mood} ${PATTERN_WORDS[pattern]}`;
    const [w, h] = sticker ? [STICKER_SIZE, STICKER_SIZE] : pick(SIZES);
    const plainTags = [mood, ...PATTERN_WORDS[pattern].split(' '), pick(EXTRA_TAGS), ...(sticker ? ['transparent'] : [])];
    out.push(base(`${sticker ? 'stk' : 'gif'}${titleCase(pattern)}${number}`, pattern, {
      title: i % 9 === 4 ? '' : titleCase(words),
      slugText: words,
      width: w,
      height: h,
      // every third item carries object tags, like older API records do
      tags: i % 3 === 1 ? plainTags.map((text) => ({ text })) : plainTags,
      user: sticker ? (i % 2 ? 'stickerlab' : null) : CREATORS[i % CREATORS.length],
      rating: pick(RATINGS),
      featured: i % 7 === 0,
    }));
  }
  return out;
}

/** GIFs and stickers: what the gifs and stickers endpoints list. */
export const ITEMS: ItemSpec[] = [...NAMED, ...generated()];

/**
 * Clips (GET videos, and gifs/{id} by id): moving renditions as mp4 only, as a clip's are, with
 * their stills; hd ones have the hd mp4 the player prefers (spec §3), the others only the original's.
 */
export const CLIPS: ItemSpec[] = [
  base(IDS.clip, 'orbit', { title: 'Tiny Orbit Clip', tags: ['orbit', 'clip', 'space'], hd: true, width: 320, height: 180, clip: true, featured: true }),
  base(IDS.clipPortrait, 'bounce', { title: 'Tall Bouncing Dots Clip', tags: ['dots', 'clip', 'tall'], width: 240, height: 320, clip: true }),
  base(IDS.clip2, 'wave', { title: 'Rolling Waves Clip', tags: ['waves', 'clip', 'sea'], user: 'loopgarden', hd: true, clip: true }),
  base(IDS.clip3, 'stripes', { title: 'Sliding Stripes Clip', tags: ['stripes', 'clip', 'retro'], user: 'doodlebox', width: 320, height: 200, clip: true }),
];

/** How many GIFs the search tail holds: enough for a search to page through a thousand results. */
export const SEARCH_TAIL_SIZE = 1200;
const TAIL_MOODS = ['funny', 'cute', 'silly', 'cool'];
const TAIL_SUBJECTS = ['cats', 'dogs', 'birds'];

/**
 * The search tail: reposts of the generated GIFs (their media, new titles and tags) that only
 * searches reach, as the long tail of a real service does. "funny cats", "cats" or "reaction"
 * page through hundreds of results (the picker's example and bench); trending, related,
 * categories and trending searches stay the catalogue above, so their totals do not move.
 */
export const SEARCH_TAIL: ItemSpec[] = (() => {
  const sources = ITEMS.slice(NAMED.length).filter((i) => !i.sticker);
  return Array.from({ length: SEARCH_TAIL_SIZE }, (_, i) => {
    const from = sources[i % sources.length];
    const mood = TAIL_MOODS[i % TAIL_MOODS.length];
    const subject = TAIL_SUBJECTS[Math.floor(i / TAIL_MOODS.length) % TAIL_SUBJECTS.length];
    const words = `${mood} ${subject}`;
    return {
      ...from, id: `gifTail${String(i + 1).padStart(4, '0')}`, mediaOf: from.id, title: titleCase(words), slugText: words,
      tags: [mood, subject, 'reaction'], user: null, rating: 'g', featured: false, tid: undefined, external: undefined, source: '',
    };
  });
})();
