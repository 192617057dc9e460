/**
 * GIF fixtures for plugin tests that need no DOM: service-shaped objects through normalizeGif.
 */
import { normalizeGif, type Gif } from '../../../../src/model';

/** A normalised GIF `id` whose renditions keep the `size` ratio; `fixed_width` is 200 px wide. */
export function makeGifData(id: string, size = { width: 480, height: 270 }, overrides: Record<string, unknown> = {}): Gif {
  const rendition = (w: number, h: number, name: string) => ({
    url: `https://media.example.test/${id}/${name}.gif`,
    webp: `https://media.example.test/${id}/${name}.webp`,
    mp4: `https://media.example.test/${id}/${name}.mp4`,
    width: String(w),
    height: String(h),
  });
  const fw = 200;
  const fh = Math.round((fw * size.height) / size.width);
  return normalizeGif({
    id,
    type: 'gif',
    url: `https://site.example.test/gifs/${id}`,
    bitly_url: `https://bit.example.test/${id}`,
    embed_url: `https://site.example.test/embed/${id}`,
    title: `GIF ${id}`,
    images: {
      original: rendition(size.width, size.height, 'original'),
      original_still: rendition(size.width, size.height, 'original_s'),
      fixed_width: rendition(fw, fh, '200w'),
      fixed_width_still: rendition(fw, fh, '200w_s'),
    },
    ...overrides,
  });
}
