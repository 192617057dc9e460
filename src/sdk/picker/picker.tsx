/**
 * The GIF picker: a search field with autocomplete (the WAI-ARIA combobox pattern), trending
 * searches as chips, GIFs and Stickers tabs, and the results in the SDK's own Grid, sized to the
 * picker. `onSelect` hears the GIF picked by click, tap or Enter. The search state is the pure
 * reducer of state.ts; this file lays it out and turns keys, timers and answers into its events.
 */
import { css } from 'goober';
import { useEffect, useId, useMemo, useReducer, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { trendingSearches, type Rating } from '../../api';
import { altText, type Gif as GifData } from '../../model';
import { DARK_SURFACE, DARK_TEXT, FOCUS_OUTLINE, LIGHT_SURFACE, LIGHT_TEXT, STILL_UNDER_REDUCED_MOTION, TextInput, type Theme } from '../../ui';
import { Grid } from '../grid';
import type { Breakpoint } from '../masonry';
import { countAnnouncement, noResultsFor, resultsFetcher } from './results';
import { initialPickerState, pickerReducer, type PickerMediaType } from './state';
import { useSuggestions } from './suggestions';
import { SDK_ROOT } from '../sdk-root';
import { inlineKey } from '../grid-keys';
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
const MEDIA_TYPES: PickerMediaType[] = ['gifs', 'stickers'];
const BRAND_PURPLE = '#9933ff';

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
  /** 'light' (default) or 'dark'. */
  theme?: Theme;
  /** Focus the field when the picker mounts (a picker opened by a button). */
  autoFocus?: boolean;
  /** The field's placeholder (default "Search GIFs" or "Search stickers"). */
  placeholder?: string;
  /** Columns and gutter by the picker's width. */
  breakpoints?: readonly Breakpoint[];
  className?: string;
}

const rootClass = (theme: Theme) => css`
  position: relative;
  display: flex;
  flex-direction: column;
  box-sizing: border-box;
  min-width: 0;
  overflow: hidden;
  font: 14px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  background: ${theme === 'dark' ? DARK_SURFACE : LIGHT_SURFACE};
  color: ${theme === 'dark' ? LIGHT_TEXT : DARK_TEXT};
  & button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  & button:focus-visible,
  & [role='option'][aria-selected='true'] {
    ${FOCUS_OUTLINE}
  }
  ${STILL_UNDER_REDUCED_MOTION}
`;

const tabsClass = () => css`
  display: flex;
  gap: 4px;
  padding: 8px 8px 0;
  & > [role='tab'] {
    flex: none;
    min-height: 32px;
    padding: 4px 12px;
    border: 0;
    border-bottom: 3px solid transparent;
    background: none;
    font-weight: 700;
  }
  & > [aria-selected='true'] {
    border-bottom-color: ${BRAND_PURPLE};
  }
`;

const barClass = () => css`
  position: relative;
  padding: 8px;
  & > input {
    width: 100%;
    padding-inline-end: 40px;
  }
  & > button {
    position: absolute;
    top: 12px;
    inset-inline-end: 12px;
    width: 32px;
    height: 32px;
    border: 0;
    border-radius: 50%;
    background: none;
    font-size: 20px;
    line-height: 32px;
  }
`;

const listClass = (theme: Theme) => css`
  position: absolute;
  z-index: 2;
  top: calc(100% - 4px);
  left: 8px;
  right: 8px;
  margin: 0;
  padding: 4px 0;
  list-style: none;
  border-radius: 4px;
  background: ${theme === 'dark' ? DARK_SURFACE : LIGHT_SURFACE};
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
    background: ${theme === 'dark' ? '#2a2a2a' : '#ececec'};
  }
`;

const chipsClass = (theme: Theme) => css`
  display: flex;
  gap: 6px;
  margin: 0;
  padding: 0 8px 8px;
  list-style: none;
  overflow-x: auto;
  scrollbar-width: none;
  & button {
    min-height: 32px;
    padding: 4px 12px;
    white-space: nowrap;
    border: 1px solid ${theme === 'dark' ? '#3a3a3a' : '#d0d0d0'};
    border-radius: 16px;
    background: ${theme === 'dark' ? '#1f1f1f' : '#f4f4f4'};
  }
`;

const panelClass = () => css`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 0 8px 8px;
  & [data-no-results] {
    padding: 24px 8px;
    text-align: center;
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
  const { theme = 'light', autoFocus, placeholder, breakpoints = PICKER_BREAKPOINTS, className } = props;
  const [state, dispatch] = useReducer(pickerReducer, undefined, () => initialPickerState(mediaType, initialTerm));
  const id = useId();
  const listId = `${id}-suggestions`;
  const panelId = `${id}-results`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const tabId = (type: PickerMediaType) => `${id}-tab-${type}`;
  const bar = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const chipList = useRef<HTMLUListElement>(null);
  const focusField = () => bar.current?.querySelector('input')?.focus();
  const latest = useRef(props);
  latest.current = props;
  const strings = useStrings(locale, lang);
  const { m } = strings;

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

  const [chips, setChips] = useState<string[]>([]);
  const [activeChip, setActiveChip] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    trendingSearches({ signal: controller.signal }).then(
      (result) => setChips(result.data.slice(0, TRENDING_CHIP_COUNT)),
      // Without trending searches the picker still searches: no chips.
      () => undefined,
    );
    return () => controller.abort();
  }, []);

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

  const onTabKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = rovingMove(inlineKey(e.key, e.currentTarget), MEDIA_TYPES.indexOf(type), MEDIA_TYPES.length);
    if (to === undefined) return;
    e.preventDefault();
    dispatch({ type: 'mediaType', mediaType: MEDIA_TYPES[to] });
    document.getElementById(tabId(MEDIA_TYPES[to]))?.focus();
  };

  const onChipKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const to = rovingMove(inlineKey(e.key, e.currentTarget), activeChip, chips.length);
    if (to === undefined) return;
    e.preventDefault();
    setActiveChip(to);
    chipList.current?.querySelectorAll('button')[to]?.focus();
  };

  const onGifClick = (gif: GifData, e: SyntheticEvent) => {
    e.preventDefault();
    latest.current.onSelect(gif, { alt: altText(gif) });
  };

  const showChips = !state.text && chips.length > 0;
  const stickers = type === 'stickers';
  const noResults = query.term ? noResultsFor(m, query.term, stickers) : stickers ? m.noStickers : m.noGifs;
  const searchLabel = stickers ? m.searchStickers : m.searchGifs;
  // Said for the search now shown only (a count that came for another is not).
  const announcement = counted?.search === searchKey ? countAnnouncement(strings, counted.total, query, type) : '';
  return (
    <div
      {...SDK_ROOT}
      className={[PICKER_CLASS, rootClass(theme), className].filter(Boolean).join(' ')}
      style={{ width: width ?? '100%', height }}
      data-theme={theme}
      lang={strings.lang}
      dir={strings.dir}
      onKeyDown={onKeyDown}
    >
      <div role="tablist" aria-label={m.mediaType} className={tabsClass()}>
        {MEDIA_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={tabId(t)}
            aria-selected={t === type}
            aria-controls={panelId}
            tabIndex={t === type ? 0 : -1}
            onClick={() => dispatch({ type: 'mediaType', mediaType: t })}
            onKeyDown={onTabKeyDown}
          >
            {m[t]}
          </button>
        ))}
      </div>
      <div ref={bar} className={barClass()}>
        <TextInput
          theme={theme}
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
        <ul role="listbox" id={listId} aria-label={m.suggestions} hidden={!state.open} className={listClass(theme)}>
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
      {showChips ? (
        <ul ref={chipList} aria-label={m.trendingSearches} className={chipsClass(theme)} onKeyDown={onChipKeyDown}>
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
      <div ref={panel} id={panelId} role="tabpanel" aria-labelledby={tabId(type)} tabIndex={-1} className={panelClass()}>
        <Grid
          fetchGifs={fetchGifs}
          searchKey={searchKey}
          breakpoints={breakpoints}
          noLink
          hideAttribution
          onGifClick={onGifClick}
          noResultsMessage={noResults}
          locale={strings.lang}
        />
      </div>
      <div role="status" className={hiddenClass()}>
        {announcement}
      </div>
    </div>
  );
}
