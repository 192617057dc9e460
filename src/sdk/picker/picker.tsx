/**
 * The GIF picker: a search field with autocomplete (the WAI-ARIA combobox pattern), trending
 * searches as chips, GIFs and Stickers tabs, and the results in the SDK's own Grid, sized to the
 * picker. `onSelect` hears the GIF picked by click, tap or Enter. The search state is the pure
 * reducer of state.ts; this file lays it out and turns keys, timers and answers into its events.
 */
import type { AutoplayPolicy } from '../../ui/motion';
import { css } from 'goober';
import { useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore, type KeyboardEvent, type SyntheticEvent } from 'react';
import { trendingSearches, type Rating } from '../../api';
import { fill, isolate } from '../../i18n';
import { altText, type Gif as GifData } from '../../model';
import { FOCUS_OUTLINE, FOCUS_RING, Loader, STILL_UNDER_REDUCED_MOTION, TextInput } from '../../ui';
import { Grid } from '../grid';
import type { Breakpoint } from '../masonry';
import { countAnnouncement, noResultsFor, resultsFetcher } from './results';
import { initialPickerState, pickerReducer, type PickerKeptTab, type PickerMediaType } from './state';
import { useSuggestions } from './suggestions';
import { FAVORITES_KEPT, NOTHING_KEPT, RECENTS_KEPT, shelfFor, withFirst, type PickerStore } from './kept';
import { StarContext, StarIcon, StarOverlay, type Stars } from './star';
import { SDK_ROOT } from '../sdk-root';
import { inlineKey } from '../grid-keys';
import { themeClass, themed, type ColorScheme } from '../theme';
import { useStrings } from '../use-strings';

/** Quiet time after the last keystroke before the results follow the field, ms. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Height of the picker when none is given, px (a popover's). */
export const DEFAULT_PICKER_HEIGHT = 480;
/** How many trending searches are offered as chips. */
export const TRENDING_CHIP_COUNT = 8;
/** Class on the picker's root element. */
export const PICKER_CLASS = 'gif-embed-picker';
/** Columns by the picker's width: two in a phone-sized popover, more as it widens. */
export const PICKER_BREAKPOINTS: readonly Breakpoint[] = [
  { minWidth: 0, columns: 2, gutter: 6 },
  { minWidth: 440, columns: 3, gutter: 6 },
  { minWidth: 680, columns: 4, gutter: 8 },
];
/** The tabs in their order: what the reader kept, then the searches. */
const TABS: (PickerKeptTab | PickerMediaType)[] = ['recents', 'favorites', 'gifs', 'stickers'];
const isKept = (tab: string): tab is PickerKeptTab => tab == 'recents' || tab == 'favorites';
/** The focus ring in the app's colour (`--gif-picker-focus`), between its dark bands still. */
const PICKER_FOCUS = FOCUS_OUTLINE.replace(FOCUS_RING, `var(--gif-picker-focus, ${FOCUS_RING})`);
/** A layout effect in a browser (the focus follows a moved tile before a paint); on a server, where none runs, the plain effect. */
const useSoonAfterRender = typeof document == 'object' ? useLayoutEffect : useEffect;
/** The keys that move a favourite: Alt with an arrow (as the APG's rearrangeable list). */
const MOVE_KEY = /^Arrow(Up|Down|Left|Right)$/;

/** What the picker says of a GIF picked, besides the GIF. */
export interface PickerSelection {
  /** Alt text to suggest for it (its title, else its creator and tags): an app shows it for the sender to edit. */
  alt: string;
}

export interface GifPickerProps {
  /** The GIF the visitor picked (click, tap, or Enter on a result), with a suggested alt text. */
  onSelect: (gif: GifData, selection: PickerSelection) => void;
  /** Escape with an empty field: the picker's popover should close. Without it Escape goes on to the page. */
  onClose?: () => void;
  /** The tab shown first (default 'gifs'). */
  mediaType?: PickerMediaType;
  /** The search the picker opens on (default: none, trending). */
  initialTerm?: string;
  /** Results rated at most this. */
  rating?: Rating;
  /** Language of the search terms (a two-letter code, e.g. 'es'); the picker's words follow it when no `locale` is given. */
  lang?: string;
  /**
   * The language of the picker's words, a BCP 47 tag (`de`, `pt-BR`, `zh-TW`); default
   * `configure({ locale })`, else `lang`, else the page's `<html lang>`, else the browser's.
   */
  locale?: string;
  /** Width in px or any CSS length (default: its container's). */
  width?: number | string;
  /** Height in px or any CSS length (default 480). */
  height?: number | string;
  /**
   * 'light' (default), 'dark', or 'auto' (the reader's `prefers-color-scheme`, followed live);
   * the app's `--gif-picker-*` CSS properties restyle any of them (docs/sdk.md).
   */
  theme?: ColorScheme;
  /** When its tiles play (the Gif's `autoplay`): default `configure({ autoplay })`. */
  autoplay?: AutoplayPolicy;
  /**
   * Where the reader's recents and favourites are kept: `{ get(key), set(key, value) }`, sync or
   * async (the app's server, IndexedDB). Default: localStorage where the reader's consent
   * choices allow it, else memory for the page's life. Keep one object for the app's life.
   */
  store?: PickerStore;
  /** The reader changed their favourites (a star, a removal, a new order): every id, in order. */
  onFavoritesChange?: (ids: string[]) => void;
  /** Focus the field when the picker mounts (a picker opened by a button). */
  autoFocus?: boolean;
  /** The field's placeholder (default "Search GIFs" or "Search stickers"). */
  placeholder?: string;
  /** Columns and gutter by the picker's width. */
  breakpoints?: readonly Breakpoint[];
  className?: string;
}

const rootClass = () => css`
  position: relative;
  display: flex;
  flex-direction: column;
  box-sizing: border-box;
  min-width: 0;
  overflow: hidden;
  font: var(--gif-picker-font, 14px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  background: ${themed('bg')};
  & button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  & button:focus-visible,
  & input:focus-visible,
  & [role='option'][aria-selected='true'] {
    ${PICKER_FOCUS}
  }
  & [data-note] {
    margin: 0 0 8px;
    color: ${themed('muted')};
  }
  & [data-press] {
    position: absolute;
    inset: 0;
    z-index: 1;
    -webkit-touch-callout: none;
    user-select: none;
  }
  & [data-star] {
    position: absolute;
    top: 4px;
    inset-inline-end: 4px;
    display: flex;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: rgba(18, 18, 18, 0.75);
    color: #fff;
    opacity: 0;
    cursor: pointer;
  }
  & [data-star] svg {
    width: 20px;
    margin: auto;
    fill: currentColor;
  }
  & [data-star='on'] {
    color: #ffd84d;
  }
  & [data-shown] {
    opacity: 1;
  }
  @media (hover: none) {
    & [data-star] {
      opacity: 1;
    }
  }
  ${STILL_UNDER_REDUCED_MOTION}
`;

const tabsClass = () => css`
  display: flex;
  gap: 4px;
  padding: var(--gif-picker-gap, 8px) var(--gif-picker-gap, 8px) 0;
  & > [role='tab'] {
    flex: none;
    display: flex;
    align-items: center;
    min-width: 40px;
    min-height: 32px;
    padding: 4px 12px;
    appearance: none;
    border: 0;
    border-radius: 0;
    border-bottom: 3px solid transparent;
    background: none;
    font-weight: 700;
  }
  & svg {
    width: 18px;
    margin: auto;
    fill: currentColor;
  }
  & > [aria-selected='true'] {
    border-bottom-color: ${themed('accent')};
  }
`;

const barClass = () => css`
  position: relative;
  padding: var(--gif-picker-gap, 8px);
  & > input {
    width: 100%;
    padding-inline-end: 40px;
    border-color: ${themed('line')};
    border-radius: var(--gif-picker-radius, 4px);
    background: ${themed('field')};
    color: inherit;
    font-family: inherit;
  }
  & > input::placeholder {
    color: ${themed('muted')};
  }
  & > button {
    position: absolute;
    top: calc(var(--gif-picker-gap, 8px) + 4px);
    inset-inline-end: calc(var(--gif-picker-gap, 8px) + 4px);
    width: 32px;
    height: 32px;
    border: 0;
    border-radius: 50%;
    background: none;
    font-size: 20px;
    line-height: 32px;
  }
`;

const listClass = () => css`
  position: absolute;
  z-index: 2;
  top: calc(100% - 4px);
  left: 8px;
  right: 8px;
  margin: 0;
  padding: 4px 0;
  list-style: none;
  border-radius: var(--gif-picker-radius, 4px);
  background: ${themed('field')};
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.3);
  &[hidden] {
    display: none;
  }
  & > li {
    padding: 8px 12px;
    cursor: pointer;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  & > li:hover,
  & > li[aria-selected='true'] {
    background: ${themed('chip')};
  }
`;

const chipsClass = () => css`
  display: flex;
  gap: 6px;
  margin: 0;
  padding: 0 var(--gif-picker-gap, 8px) var(--gif-picker-gap, 8px);
  list-style: none;
  overflow-x: auto;
  scrollbar-width: none;
  & button {
    min-height: 32px;
    padding: 4px 12px;
    white-space: nowrap;
    border: 1px solid ${themed('line')};
    border-radius: 16px;
    background: ${themed('chip')};
  }
`;

const panelClass = () => css`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 0 var(--gif-picker-gap, 8px) var(--gif-picker-gap, 8px);
  & [data-no-results] {
    padding: 24px 8px;
    text-align: center;
  }
  & > [data-clear] {
    margin: 0 0 8px;
    padding: 4px 12px;
    min-height: 32px;
    border: 1px solid ${themed('line')};
    border-radius: 16px;
    background: none;
  }
`;

const hiddenClass = () => css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/** The clock of the Recent tab. */
const ClockIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.4V7z" />
  </svg>
);

/** The index `key` moves to among `n` items from `from` (Left/Right/Home/End), or undefined. */
function rovingMove(key: string, from: number, n: number): number | undefined {
  if (key === 'ArrowRight') return (from + 1) % n;
  if (key === 'ArrowLeft') return (from - 1 + n) % n;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return undefined;
}

/**
 * The picker. Props: see GifPickerProps; renders a `<div>` holding the tabs, the combobox and
 * its suggestions, the trending chips (while the field is empty), the results Grid and a polite
 * live region that announces each search's count.
 */
export function GifPicker(props: GifPickerProps) {
  const { onClose, mediaType = 'gifs', initialTerm = '', rating, lang, locale, width, height = DEFAULT_PICKER_HEIGHT } = props;
  const { theme = 'light', autoFocus, placeholder, breakpoints = PICKER_BREAKPOINTS, className, store } = props;
  const shelf = shelfFor(store);
  // What the reader kept: read at once from localStorage; an app's async store, a server render
  // and its hydration have nothing yet (the server's snapshot).
  const kept = useSyncExternalStore(shelf.subscribe, shelf.now, () => NOTHING_KEPT);
  // The picker opens on the Recent tab when the reader has picked before (and no search is asked).
  const opensOnRecents = () => !initialTerm && kept.recents.length > 0;
  const [state, dispatch] = useReducer(pickerReducer, undefined, () => initialPickerState(mediaType, initialTerm, opensOnRecents() ? 'recents' : undefined));
  const id = useId();
  const listId = `${id}-suggestions`;
  const panelId = `${id}-results`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const tabId = (tab: string) => `${id}-tab-${tab}`;
  const bar = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const chipList = useRef<HTMLUListElement>(null);
  const focusField = () => bar.current?.querySelector('input')?.focus();
  const latest = useRef(props);
  latest.current = props;
  const strings = useStrings(locale, lang);
  const { m } = strings;
  /** What was just done to a kept list, said in the live region until the tab changes. */
  const [said, say] = useState('');
  /** The GIF to focus once the lists re-render (a favourite moved), or the tab (none left). */
  const refocus = useRef<string>(undefined);

  useSuggestions(state.typed ? state.text : '', { rating, lang }, dispatch);

  // The results follow the field once typing pauses (Enter or a suggestion does it at once).
  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'commit' }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.text]);

  useEffect(() => {
    if (autoFocus) focusField();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A store that answers later (an app's, or the browser's once consent decided, or a hydrated
  // page) opens the Recent tab then, unless the reader has moved on.
  const moved = useRef(kept.ready);
  useEffect(() => {
    if (!kept.ready || moved.current) return;
    moved.current = true;
    if (opensOnRecents() && !state.text && !state.kept && state.type == mediaType) dispatch({ type: 'kept', tab: 'recents' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kept.ready]);

  const tab = state.kept ?? state.type;
  useEffect(() => say(''), [tab]);
  const list = state.kept ? kept[state.kept] : [];

  // At once after the tiles move (a moved tile lost its focus as it moved), before a paint.
  useSoonAfterRender(() => {
    const gifId = refocus.current;
    refocus.current = undefined;
    if (gifId !== undefined) (panel.current?.querySelector<HTMLElement>(`[data-gif-id="${gifId}"]`) ?? document.getElementById(tabId(tab)))?.focus();
  });

  const [chips, setChips] = useState<string[]>([]);
  const [activeChip, setActiveChip] = useState(0);
  const showChips = !state.text && !state.kept;
  // Asked for once the chips are first shown: a picker opening on its Recent tab asks nothing.
  const wantChips = useRef(false);
  wantChips.current ||= showChips;
  useEffect(() => {
    if (!wantChips.current) return undefined;
    const controller = new AbortController();
    trendingSearches({ signal: controller.signal }).then(
      (result) => setChips(result.data.slice(0, TRENDING_CHIP_COUNT)),
      // Without trending searches the picker still searches: no chips.
      () => undefined,
    );
    return () => controller.abort();
  }, [wantChips.current]);

  // One fetch per search: a new search aborts the requests of the one it replaces.
  const { query, type } = state;
  const searchKey = JSON.stringify([type, query.channel ?? '', query.term, rating ?? '', lang ?? '']);
  /** The first page's total of the search now shown, said in the live region. */
  const [counted, setCounted] = useState<{ total: number; search: string }>();
  // The search's requests are aborted by the effect that owns them: when the search is replaced
  // or the picker unmounts. A remount (StrictMode's, in development) runs it again: a new signal.
  const searching = useRef<AbortController>(undefined);
  const fetchGifs = useMemo(
    () => resultsFetcher({ query, type, rating, lang, signal: () => searching.current?.signal }, (total) => setCounted({ total, search: searchKey })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searchKey],
  );
  useEffect(() => {
    const controller = (searching.current = new AbortController());
    return () => controller.abort();
  }, [fetchGifs]);

  const focusResults = () => panel.current?.querySelector<HTMLElement>('[data-gif-id][tabindex="0"]')?.focus();

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (state.open) dispatch({ type: 'move', by: 1 });
      else focusResults();
    } else if (e.key === 'ArrowUp' && state.open) {
      e.preventDefault();
      dispatch({ type: 'move', by: -1 });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      dispatch({ type: 'choose', index: state.active });
    }
  };

  // Escape closes the suggestions, then clears the field, then asks the popover to close.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    if (state.open) dispatch({ type: 'close' });
    else if (state.text) {
      dispatch({ type: 'clear' });
      focusField();
    } else if (onClose) onClose();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const pickTerm = (term: string) => {
    dispatch({ type: 'search', term });
    focusField();
  };

  const showTab = (to: PickerKeptTab | PickerMediaType) => dispatch(isKept(to) ? { type: 'kept', tab: to } : { type: 'mediaType', mediaType: to });

  const onTabKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = rovingMove(inlineKey(e.key, e.currentTarget), TABS.indexOf(tab), TABS.length);
    if (to === undefined) return;
    e.preventDefault();
    showTab(TABS[to]);
    document.getElementById(tabId(TABS[to]))?.focus();
  };

  const onChipKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const to = rovingMove(inlineKey(e.key, e.currentTarget), activeChip, chips.length);
    if (to === undefined) return;
    e.preventDefault();
    setActiveChip(to);
    chipList.current?.querySelectorAll('button')[to]?.focus();
  };

  /** Keeps `next` as the favourites, and tells the app. */
  const putFavorites = (next: GifData[]) => {
    shelf.put('favorites', next);
    latest.current.onFavoritesChange?.(next.map((gif) => gif.id));
  };

  const stars: Stars = {
    m,
    has: (gifId) => kept.favorites.some((gif) => gif.id === gifId),
    toggle(gif) {
      const favorites = shelf.now().favorites;
      const at = favorites.findIndex((g) => g.id === gif.id);
      const alt = isolate(altText(gif));
      if (at < 0 && favorites.length >= FAVORITES_KEPT) return say(m.favoritesFull);
      // Starred, it goes first; unstarred on the Favourites tab, the focus goes to its neighbour.
      const next = at < 0 ? [gif, ...favorites] : favorites.filter((g) => g.id !== gif.id);
      if (at >= 0 && state.kept == 'favorites') refocus.current = (next[at] ?? next[at - 1])?.id ?? '';
      putFavorites(next);
      say(fill(at < 0 ? m.added : m.removed, alt));
    },
  };

  const onGifKeyPress = (gif: GifData, event: SyntheticEvent) => {
    const e = event as KeyboardEvent;
    if (e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    if (!e.altKey && (e.key == 'f' || e.key == 'F' || e.code == 'KeyF')) {
      e.preventDefault();
      stars.toggle(gif);
    } else if (e.altKey && state.kept == 'favorites' && MOVE_KEY.test(e.key)) {
      // Alt and an arrow: the favourite moves one place earlier (Left, Up) or later (Right, Down).
      e.preventDefault();
      const favorites = shelf.now().favorites;
      const from = favorites.findIndex((g) => g.id === gif.id);
      const to = Math.min(Math.max(from + (/Up|Left/.test(inlineKey(e.key, e.currentTarget as Element)) ? -1 : 1), 0), favorites.length - 1);
      const next = favorites.filter((g) => g.id !== gif.id);
      next.splice(to, 0, gif);
      refocus.current = gif.id;
      putFavorites(next);
      say(fill(m.movedTo, (to + 1).toLocaleString(strings.lang), next.length.toLocaleString(strings.lang)));
    }
  };

  const onGifClick = (gif: GifData, e: SyntheticEvent) => {
    e.preventDefault();
    // A pick is the newest recent, once.
    shelf.put('recents', withFirst(shelf.now().recents, gif, RECENTS_KEPT));
    latest.current.onSelect(gif, { alt: altText(gif) });
  };

  const clearRecents = () => {
    refocus.current = '';
    shelf.put('recents', []);
    say(m.recentsCleared);
  };

  const stickers = type === 'stickers';
  const noResults = query.term ? noResultsFor(m, query.term, stickers) : stickers ? m.noStickers : m.noGifs;
  const searchLabel = stickers ? m.searchStickers : m.searchGifs;
  // Said for the search now shown only (a count that came for another is not).
  const announcement = !state.kept && counted?.search === searchKey ? countAnnouncement(strings, counted.total, query, type) : '';
  const tiles = {
    breakpoints,
    noLink: true,
    hideAttribution: true,
    onGifClick,
    onGifKeyPress,
    overlay: StarOverlay,
    describe: (gif: GifData) => (stars.has(gif.id) ? m.inFavorites : undefined),
    locale: strings.lang,
    borderRadius: 'var(--gif-picker-radius, 4px)',
    autoplay: props.autoplay,
  };
  return (
    <div
      {...SDK_ROOT}
      className={[PICKER_CLASS, rootClass(), themeClass(theme), className].filter(Boolean).join(' ')}
      style={{ width: width ?? '100%', height }}
      data-theme={theme}
      lang={strings.lang}
      dir={strings.dir}
      onKeyDown={onKeyDown}
    >
      <div role="tablist" aria-label={m.mediaType} className={tabsClass()}>
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={tabId(t)}
            aria-selected={t === tab}
            aria-controls={panelId}
            aria-label={isKept(t) ? m[t == 'recents' ? 'recent' : t] : undefined}
            title={isKept(t) ? m[t == 'recents' ? 'recent' : t] : undefined}
            tabIndex={t === tab ? 0 : -1}
            onClick={() => showTab(t)}
            onKeyDown={onTabKeyDown}
          >
            {t == 'recents' ? <ClockIcon /> : t == 'favorites' ? <StarIcon /> : m[t]}
          </button>
        ))}
      </div>
      <div ref={bar} className={barClass()}>
        <TextInput
          type="text"
          role="combobox"
          dir="auto"
          aria-label={searchLabel}
          aria-autocomplete="list"
          aria-expanded={state.open}
          aria-controls={listId}
          aria-activedescendant={state.open && state.active >= 0 ? optionId(state.active) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder ?? searchLabel}
          value={state.text}
          onChange={(e) => dispatch({ type: 'input', text: e.target.value })}
          onKeyDown={onInputKeyDown}
          onBlur={() => dispatch({ type: 'close' })}
        />
        {state.text ? (
          // Escape clears from the keyboard; the button is for pointers (out of the Tab order).
          <button type="button" tabIndex={-1} aria-label={m.clearSearch} onClick={() => pickTerm('')}>
            ×
          </button>
        ) : null}
        <ul role="listbox" id={listId} aria-label={m.suggestions} hidden={!state.open} className={listClass()}>
          {state.suggestions.map((s, i) => (
            <li
              key={s.value}
              id={optionId(i)}
              role="option"
              aria-selected={i === state.active}
              data-kind={s.kind}
              // Keep focus in the field: the option is chosen on click.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => dispatch({ type: 'choose', index: i })}
            >
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      {showChips && chips.length > 0 ? (
        <ul ref={chipList} aria-label={m.trendingSearches} className={chipsClass()} onKeyDown={onChipKeyDown}>
          {chips.map((term, i) => (
            <li key={term}>
              <button type="button" tabIndex={i === Math.min(activeChip, chips.length - 1) ? 0 : -1} onClick={() => pickTerm(term)} onFocus={() => setActiveChip(i)}>
                {term}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* tabIndex -1: Firefox puts a scroller in the Tab order of its own; Tab goes to the grid's one tile stop. */}
      <div ref={panel} id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} tabIndex={-1} className={panelClass()}>
        <StarContext.Provider value={stars}>
          {!state.kept ? (
            <Grid key="search" {...tiles} fetchGifs={fetchGifs} searchKey={searchKey} noResultsMessage={noResults} />
          ) : !kept.ready ? (
            <Loader label={m.loading} />
          ) : (
            <>
              {kept.device ? null : <p data-note="">{m.notKept}</p>}
              {!list.length ? (
                <p data-no-results="">{state.kept == 'recents' ? m.noRecents : m.noFavorites}</p>
              ) : state.kept == 'recents' ? (
                <button type="button" data-clear="" onClick={clearRecents}>
                  {m.clearRecents}
                </button>
              ) : (
                <p data-note="">{m.reorderHint}</p>
              )}
              {list.length ? <Grid key={state.kept} {...tiles} gifs={list} fetchGifs={fetchGifs} /> : null}
            </>
          )}
        </StarContext.Provider>
      </div>
      <div role="status" className={hiddenClass()}>
        {said || announcement}
      </div>
    </div>
  );
}
