/**
 * How the catalogue answers searches: plain word matching over titles, tags, slugs and creator
 * names, ranked by how many query words an item matches. Small and predictable, so tests can
 * state totals; no attempt at GIPHY's relevance.
 */
import { tagText } from './gif-object';
import type { ItemSpec } from './items';
import { USERS, type CatalogueUser } from './users';

/** Lower-case words of `text` (letters and digits). */
export function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

function itemWords(item: ItemSpec): Set<string> {
  const user = item.user ? USERS[item.user] : null;
  return new Set([
    ...words(item.title), ...words(item.slugText), ...item.tags.flatMap((t) => words(tagText(t))),
    ...(user ? words(`${user.username} ${user.display_name}`) : []),
  ]);
}

/**
 * Items matching `q`: every item with at least one query word (whole word, or a prefix of 3+
 * letters), best first (more words matched), catalogue order within a score.
 */
export function searchItems(items: ItemSpec[], q: string): ItemSpec[] {
  const terms = words(q);
  if (!terms.length) return [];
  const scored = items.map((item, order) => {
    const have = itemWords(item);
    let score = 0;
    for (const term of terms) {
      if (have.has(term)) score += 2;
      else if (term.length >= 3 && [...have].some((w) => w.startsWith(term))) score += 1;
    }
    return { item, order, score };
  });
  return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.order - b.order).map((s) => s.item);
}

/**
 * Items related to `item`: every other item of the same type, most shared tags first, then same
 * pattern, then catalogue order. So related always pages through the whole type.
 */
export function relatedItems(items: ItemSpec[], item: ItemSpec): ItemSpec[] {
  const own = new Set(item.tags.map((t) => tagText(t).toLowerCase()));
  return items
    .map((other, order) => ({
      other, order,
      shared: other.tags.filter((t) => own.has(tagText(t).toLowerCase())).length + (other.pattern === item.pattern ? 0.5 : 0),
    }))
    .filter((r) => r.other.id !== item.id && r.other.sticker === item.sticker)
    .sort((a, b) => b.shared - a.shared || a.order - b.order)
    .map((r) => r.other);
}

/** Trending: featured items first, then the rest, each in catalogue order. */
export function trendingItems(items: ItemSpec[], stickers: boolean): ItemSpec[] {
  const ofType = items.filter((i) => i.sticker === stickers);
  return [...ofType.filter((i) => i.featured), ...ofType.filter((i) => !i.featured)];
}

/** Tag texts by how many items carry them (most first, then alphabetical). */
export function tagCounts(items: ItemSpec[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const item of items) for (const tag of new Set(item.tags.map((t) => tagText(t).toLowerCase()))) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Tags that begin with `prefix` (autocomplete), most used first. */
export function tagsStartingWith(items: ItemSpec[], prefix: string): string[] {
  const p = prefix.trim().toLowerCase();
  return tagCounts(items).map((t) => t.name).filter((name) => name.startsWith(p));
}

/** Tags that appear on the same items as `tag`, most shared first. */
export function tagsRelatedTo(items: ItemSpec[], tag: string): string[] {
  const wanted = tag.trim().toLowerCase();
  const withTag = items.filter((i) => i.tags.some((t) => tagText(t).toLowerCase() === wanted));
  return tagCounts(withTag).map((t) => t.name).filter((name) => name !== wanted);
}

/** `Stripes and Checks` -> `stripes-and-checks` (the API's name_encoded). */
export function encodeName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Categories in first-seen order with their items. */
export function categories(items: ItemSpec[]): { name: string; items: ItemSpec[] }[] {
  const byName = new Map<string, ItemSpec[]>();
  for (const item of items) byName.set(item.category, [...(byName.get(item.category) ?? []), item]);
  return [...byName].map(([name, list]) => ({ name, items: list }));
}

/** Creators whose username or display name matches `q`, as [key, user] pairs. */
export function searchUsers(q: string): [string, CatalogueUser][] {
  const terms = words(q);
  return Object.entries(USERS).filter(([, user]) => {
    const have = words(`${user.username} ${user.display_name}`);
    return terms.some((term) => have.some((w) => w.startsWith(term)));
  });
}
