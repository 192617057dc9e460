/**
 * The tag and channel endpoints of the catalogue API: trending searches, tag autocomplete,
 * related tags and channel search.
 */
import { encodeName, searchUsers, tagCounts, tagsRelatedTo, tagsStartingWith, userObject, USERS } from './catalogue/index';
import type { ApiRequest } from './api-gifs';
import { ApiError, envelope, page } from './envelope';
import { readPaging, requireParam } from './params';

/** How many terms trending/searches returns, like the real endpoint's short list. */
export const TRENDING_SEARCHES_COUNT = 20;
const MAX_TAG_LENGTH = 100;

/** GET trending/searches: the most used tags, as plain strings. */
export function trendingSearches(req: ApiRequest) {
  return envelope(tagCounts(req.catalogue.items).slice(0, TRENDING_SEARCHES_COUNT).map((t) => t.name));
}

const tagResult = (name: string) => ({ name, name_encoded: encodeURIComponent(name) });

/** GET gifs/search/tags?q=: tags beginning with q, paged. */
export function searchTags(req: ApiRequest) {
  const q = requireParam(req.query, 'q');
  const { offset, limit } = readPaging(req.query);
  const { data, pagination } = page(tagsStartingWith([...req.catalogue.items, ...req.catalogue.tail], q).map(tagResult), offset, limit);
  return envelope(data, pagination);
}

/** GET tags/related/{tag}: tags seen with `tag`, paged; an unknown tag has none. */
export function relatedTags(req: ApiRequest, tag: string) {
  if (!tag.trim()) throw new ApiError(400, 'tag is required');
  if (tag.length > MAX_TAG_LENGTH) throw new ApiError(400, `tag is longer than ${MAX_TAG_LENGTH} characters`);
  const { offset, limit } = readPaging(req.query);
  const { data, pagination } = page(tagsRelatedTo(req.catalogue.items, tag).map(tagResult), offset, limit);
  return envelope(data, pagination);
}

/** GET channels/search?q=: creators' channels whose name matches, paged. */
export function searchChannels(req: ApiRequest) {
  const q = requireParam(req.query, 'q');
  const { offset, limit } = readPaging(req.query);
  const keys = Object.keys(USERS);
  const channels = searchUsers(q).map(([key, user]) => {
    const firstItem = req.catalogue.items.find((i) => i.user === key);
    return {
      id: keys.indexOf(key) + 1,
      url: `${req.origins.site}/channel/${encodeURIComponent(user.username)}`,
      display_name: user.display_name || user.username,
      short_display_name: user.display_name || user.username,
      slug: encodeName(user.username) || String(keys.indexOf(key) + 1),
      type: 'community',
      content_type: 'gif',
      description: user.description,
      has_children: false,
      is_visible: true,
      is_private: false,
      banner_image: null,
      parent: null,
      ancestors: [],
      tags: [],
      user: userObject(user, req.origins),
      featured_gif: firstItem ? req.catalogue.toGif(firstItem, req.origins) : null,
    };
  });
  const { data, pagination } = page(channels, offset, limit);
  return envelope(data, pagination);
}
