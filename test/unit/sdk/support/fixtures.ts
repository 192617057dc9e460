/**
 * GIFs shaped like the service sends them (string sizes, 0/1 flags), normalised by the model.
 */
import { normalizeGif, type Gif } from '../../../../src/model';

export interface FixtureOptions {
  width?: number;
  height?: number;
  sticker?: boolean;
  /** A clip (type video): its moving renditions hold an mp4 alone, and it has an hd mp4. */
  clip?: boolean;
  title?: string;
  user?: Record<string, unknown> | null;
  responseId?: string;
}

/** A normalised GIF `id` with fixed_width/original renditions (GIF, WebP, mp4) at `width`x`height`. */
export function makeGif(id: string, o: FixtureOptions = {}): Gif {
  const w = o.width ?? 200;
  const h = o.height ?? 150;
  const rendition = (name: string, scale = 1) => ({
    ...(o.clip && !name.endsWith('_still') ? {} : { url: `https://media.example/${id}/${name}.gif`, webp: `https://media.example/${id}/${name}.webp` }),
    ...(name.endsWith('_still') ? {} : { mp4: `https://media.example/${id}/${name}.mp4` }),
    width: String(Math.round(w * scale)),
    height: String(Math.round(h * scale)),
  });
  return normalizeGif(
    {
      id,
      url: `https://gifs.example/gifs/${id}`,
      title: o.title ?? `Title ${id}`,
      is_sticker: o.sticker ? 1 : 0,
      ...(o.clip ? { type: 'video' } : {}),
      tags: ['happy', 'dance'],
      user:
        o.user === null
          ? undefined
          : { username: 'PixelSmith', display_name: 'Pixel Smith', avatar_url: 'https://media.example/avatar.png', is_verified: true, ...o.user },
      images: {
        original: rendition('original', 2),
        fixed_width: rendition('fixed_width'),
        fixed_width_still: { ...rendition('fixed_width_still') },
        ...(o.clip ? { hd: rendition('hd', 3) } : {}),
      },
    },
    { response_id: o.responseId ?? 'resp-1' },
  );
}

/** A page as a fetch function returns it. */
export function page(gifs: Gif[], offset: number, total: number) {
  return { data: gifs, pagination: { offset, count: gifs.length, total_count: total }, meta: { response_id: 'resp-1' } };
}
