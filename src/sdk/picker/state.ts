/**
 * The picker's search state (a pure reducer): what the field holds, the search the results show,
 * the media type, and the suggestion list of the combobox with its active option. The component
 * (picker.tsx) feeds it events and carries out the timers and requests; nothing here fetches.
 */

/** GIFs or stickers: the picker's two search tabs. */
export type PickerMediaType = 'gifs' | 'stickers';

/** The picker's tabs that show what the reader kept (./kept.ts): recent picks and favourites. */
export type PickerKeptTab = 'recents' | 'favorites';

/** A suggestion under the field: a search term (autocomplete) or a channel to search within. */
export interface Suggestion {
  kind: 'term' | 'channel';
  /** What the field holds once the suggestion is chosen. */
  value: string;
  /** What the option shows. */
  label: string;
}

/** A search: its term and the channel it is limited to (from `@channel term`). */
export interface SearchQuery {
  term: string;
  channel?: string;
}

export interface PickerState {
  /** The field's text. */
  text: string;
  /** The text was typed (suggestions are wanted), not filled in by a choice. */
  typed: boolean;
  /** The search the results show; an empty term shows trending. */
  query: SearchQuery;
  type: PickerMediaType;
  /** The kept tab shown instead of the results (the field is empty), or undefined. */
  kept?: PickerKeptTab;
  /** Suggestions for `suggestionsFor` (the field's text they answer). */
  suggestions: Suggestion[];
  suggestionsFor: string;
  /** The suggestion list is shown. */
  open: boolean;
  /** Index of the active suggestion (aria-activedescendant), -1 for none. */
  active: number;
}

export type PickerEvent =
  | { type: 'input'; text: string }
  | { type: 'suggestions'; for: string; suggestions: Suggestion[] }
  | { type: 'commit' }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'choose'; index: number }
  | { type: 'search'; term: string }
  | { type: 'close' }
  | { type: 'clear' }
  | { type: 'mediaType'; mediaType: PickerMediaType }
  | { type: 'kept'; tab: PickerKeptTab };

/** A field text as a search: `@channel term` searches within the channel, the rest is the term. */
export function parseSearch(text: string): SearchQuery {
  const trimmed = text.trim();
  if (trimmed[0] !== '@') return { term: trimmed };
  const space = /\s/.exec(trimmed);
  if (!space) return { term: '', channel: trimmed.slice(1) || undefined };
  return { term: trimmed.slice(space.index).trim(), channel: trimmed.slice(1, space.index) || undefined };
}

/** The channel name being typed (`@name` with no space after it yet), or undefined. */
export function channelPrefix(text: string): string | undefined {
  const trimmed = text.trimStart();
  return trimmed[0] === '@' && !/\s/.test(trimmed) ? trimmed.slice(1) : undefined;
}

/** Two queries ask for the same results. */
export const sameQuery = (a: SearchQuery, b: SearchQuery) => a.term === b.term && (a.channel ?? '') === (b.channel ?? '');

/** The state a picker starts in: trending GIFs (or the kept tab `kept`), an empty field. */
export function initialPickerState(type: PickerMediaType = 'gifs', text = '', kept?: PickerKeptTab): PickerState {
  return { text, typed: false, query: parseSearch(text), type, kept, suggestions: [], suggestionsFor: '', open: false, active: -1 };
}

/**
 * The search the field asks for: its text as a query, except that a channel with no term yet
 * (`@name`, still being typed or chosen) keeps the results as they are.
 */
function committed(state: PickerState, text: string): SearchQuery {
  const query = parseSearch(text);
  if (query.channel && !query.term) return state.query;
  return sameQuery(query, state.query) ? state.query : query;
}

/** The next state after `event`. */
export function pickerReducer(state: PickerState, event: PickerEvent): PickerState {
  switch (event.type) {
    case 'input':
      // Suggestions for an older text stay until the new ones come, but none is active. Typing
      // on a kept tab searches.
      return { ...state, text: event.text, typed: true, active: -1, open: state.open && !!event.text.trim(), kept: event.text.trim() ? undefined : state.kept };
    case 'suggestions':
      // A stale answer (for a text the field no longer holds) never replaces a newer one.
      if (event.for !== state.text || !state.typed) return state;
      return { ...state, suggestions: event.suggestions, suggestionsFor: event.for, open: event.suggestions.length > 0, active: -1 };
    case 'commit':
      return { ...state, query: committed(state, state.text) };
    case 'move': {
      if (!state.suggestions.length || state.suggestionsFor !== state.text) return state;
      if (!state.open) return { ...state, open: true, active: event.by > 0 ? 0 : state.suggestions.length - 1 };
      const n = state.suggestions.length;
      // Past either end the focus goes back to the field's own text (no active option).
      const next = state.active + event.by;
      return { ...state, active: next < -1 ? n - 1 : next >= n ? -1 : next };
    }
    case 'choose': {
      const chosen = state.open ? state.suggestions[event.index] : undefined;
      // Enter on the text itself: it is searched, and suggestions still on their way are not wanted.
      if (!chosen) return { ...state, typed: false, open: false, active: -1, query: committed(state, state.text), kept: state.text.trim() ? undefined : state.kept };
      // A channel fills the field with `@name ` and waits for the term; a term searches at once.
      return { ...state, text: chosen.value, typed: chosen.kind === 'channel', open: false, active: -1, query: committed(state, chosen.value), kept: undefined };
    }
    case 'search':
      return { ...state, text: event.term, typed: false, open: false, active: -1, query: committed(state, event.term), kept: event.term ? undefined : state.kept };
    case 'close':
      return state.open ? { ...state, open: false, active: -1 } : state;
    case 'clear':
      return { ...state, text: '', typed: false, query: { term: '' }, suggestions: [], suggestionsFor: '', open: false, active: -1 };
    case 'mediaType':
      return event.mediaType === state.type && !state.kept ? state : { ...state, type: event.mediaType, kept: undefined };
    case 'kept':
      // A kept tab shows what the reader kept, not a search: the field empties.
      return { ...state, kept: event.tab, text: '', typed: false, query: { term: '' }, open: false, active: -1 };
  }
}
