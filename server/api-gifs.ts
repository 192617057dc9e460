/**
 * The GIF endpoints of the catalogue API: by id, by ids, search, trending, random, related,
 * categories and clips (videos). Each takes the request's query and returns the response body.
 */
import { categories, encodeName, relatedItems, searchItems, trendingItems, type Catalogue, type ItemSpec, type Origins } from './catalogue/index';
import { ApiError, envelope, page } from './envelope';
import { checkId, readIds, readPaging, readRating, requireParam } from './params';

export interface ApiRequest {
  catalogue: Catalogue;
  origins: Origins;
  query: URLSearchParams;
}

const notFound = (id: string) => new ApiError(404, `No GIF found with id ${id}`);

function withRating(items: ItemSpec[], query: URLSearchParams): ItemSpec[] {
  const allowed = readRating(query);
  return allowed ? items.filter((i) => allowed.includes(i.rating)) : items;
}

/** A page of `items` as GIF objects in the envelope. */
function pageOf(req: ApiRequest, items: ItemSpec[]) {
  const { offset, limit } = readPaging(req.query);
  const { data, pagination } = page(withRating(items, req.query), offset, limit);
  return envelope(data.map((item) => req.catalogue.toGif(item, req.origins)), pagination);
}

/** GET gifs/{id}: one GIF (or sticker) object; 404 when unknown. */
export function gifById(req: ApiRequest, id: string) {
  const item = req.catalogue.byId(checkId(id));
  if (!item) throw notFound(id);
  return envelope(req.catalogue.toGif(item, req.origins));
}

/** GET gifs?ids=a,b,c: the known ones in the order asked; unknown ids are left out. */
export function gifsByIds(req: ApiRequest) {
  const items = readIds(req.query).map((id) => req.catalogue.byId(id)).filter((i): i is ItemSpec => !!i);
  return envelope(items.map((item) => req.catalogue.toGif(item, req.origins)), { total_count: items.length, count: items.length, offset: 0 });
}

/** GET videos: clips matching `q` (best first), or every clip, featured first, without one; paged. */
export function videos(req: ApiRequest) {
  const q = (req.query.get('q') ?? '').trim();
  return pageOf(req, q ? searchItems(req.catalogue.clips, q) : trendingItems(req.catalogue.clips, false));
}

/** GET videos/{id}: one clip; 404 for an id that names no clip. */
export function videoById(req: ApiRequest, id: string) {
  const item = req.catalogue.byId(checkId(id));
  if (!item?.clip) throw new ApiError(404, `No clip found with id ${id}`);
  return envelope(req.catalogue.toGif(item, req.origins));
}

/** GET gifs/search and stickers/search: `q` required, paged. */
export function search(req: ApiRequest, stickers: boolean) {
  const q = requireParam(req.query, 'q');
  return pageOf(req, searchItems(stickers ? req.catalogue.items.filter((i) => i.sticker) : [...req.catalogue.items.filter((i) => !i.sticker), ...req.catalogue.tail], q));
}

/** GET gifs/trending and stickers/trending. */
export function trending(req: ApiRequest, stickers: boolean) {
  return pageOf(req, trendingItems(req.catalogue.items, stickers));
}

/** GET gifs/random (and stickers/random): one object; optional `tag` narrows the pick; `data: []` when nothing matches. */
export function random(req: ApiRequest, stickers: boolean) {
  const tag = (req.query.get('tag') ?? '').trim();
  const pool = withRating(req.catalogue.items.filter((i) => i.sticker === stickers), req.query);
  const matching = tag ? searchItems(pool, tag) : pool;
  if (!matching.length) return envelope([]);
  const item = matching[Math.floor(Math.random() * matching.length)];
  return envelope(req.catalogue.toGif(item, req.origins));
}

/** GET gifs/related?gif_id=: the other GIFs of the same type (clips for a clip), most shared tags first, paged. */
export function related(req: ApiRequest) {
  const id = checkId(requireParam(req.query, 'gif_id'), 'gif_id');
  const item = req.catalogue.byId(id);
  if (!item) throw notFound(id);
  return pageOf(req, relatedItems(item.clip ? req.catalogue.clips : req.catalogue.items, item));
}

/** GET gifs/categories: each category with its first GIF and subcategories (patterns), paged. */
export function categoryList(req: ApiRequest) {
  const { offset, limit } = readPaging(req.query);
  const all = categories(req.catalogue.items).map(({ name, items }) => ({
    name,
    name_encoded: encodeName(name),
    subcategories: [...new Set(items.map((i) => i.pattern))].map((p) => ({ name: p, name_encoded: encodeName(p) })),
    gif: req.catalogue.toGif(items[0], req.origins),
  }));
  const { data, pagination } = page(all, offset, limit);
  return envelope(data, pagination);
}

/** GET gifs/categories/{name_encoded}: the GIFs of one category, paged; 404 for an unknown category. */
export function categoryGifs(req: ApiRequest, encoded: string) {
  const found = categories(req.catalogue.items).find((c) => encodeName(c.name) === encoded.toLowerCase());
  if (!found) throw new ApiError(404, `No category named ${encoded}`);
  return pageOf(req, found.items);
}
