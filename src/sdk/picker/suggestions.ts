/**
 * The combobox's suggestions for what the field holds: tag autocomplete (gifs/search/tags) for a
 * term, channels (channels/search) while an `@name` is typed. Asked for a short pause after the
 * last keystroke; a newer text aborts the request of an older one, and the reducer drops any
 * answer for a text the field no longer holds.
 */
import { useEffect } from 'react';
import { channelsSearch, searchQuery, searchTags, type ListOptions } from '../../api/public';
import { channelPrefix, parseSearch, type PickerEvent, type Suggestion } from './state';

/** Quiet time after the last keystroke before suggestions are asked for, ms. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;
/** How many suggestions the list shows. */
export const SUGGESTION_COUNT = 6;

/** The suggestions for `text`, fetched with `options` (signal, rating, lang). */
export async function fetchSuggestions(text: string, options: ListOptions): Promise<Suggestion[]> {
  const channel = channelPrefix(text);
  if (channel !== undefined) {
    if (!channel) return [];
    const { data } = await channelsSearch(channel, { ...options, limit: SUGGESTION_COUNT });
    return data.flatMap((c) => {
      const name = c.user?.username || c.slug;
      return name ? [{ kind: 'channel' as const, value: `@${name} `, label: c.display_name && c.display_name !== name ? `@${name} (${c.display_name})` : `@${name}` }] : [];
    });
  }
  const { term, channel: within } = parseSearch(text);
  if (!term) return [];
  const { data } = await searchTags(term, { ...options, limit: SUGGESTION_COUNT });
  return data.map((tag) => ({ kind: 'term' as const, value: searchQuery(tag.name, within), label: tag.name }));
}

/** Keeps `dispatch` fed with the suggestions for `text` (none for an empty field). */
export function useSuggestions(text: string, options: Pick<ListOptions, 'rating' | 'lang'>, dispatch: (event: PickerEvent) => void) {
  const { rating, lang } = options;
  useEffect(() => {
    if (!text.trim()) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(text, { rating, lang, signal: controller.signal }).then(
        (suggestions) => dispatch({ type: 'suggestions', for: text, suggestions }),
        // Aborted (a newer text) or failed: the field works without suggestions.
        () => undefined,
      );
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, rating, lang, dispatch]);
}
