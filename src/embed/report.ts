/**
 * What a placeholder tells the page and its readers: its state as `data-gif-embed-state`, said
 * once (politely) in its live region, and for ready and error an event on the placeholder.
 */
import { STATE_ATTR } from './placeholder';
import { announcerOf } from './shadow';
import { languageOf, markLanguage, stringsOf, whenTable } from './lang';
import { PLAYER_EN, type EmbedError } from '../i18n/en';

export const READY_EVENT = 'gif-embed:ready';
export const ERROR_EVENT = 'gif-embed:error';

/** The detail of the ready event: the GIF's id, title and own size in px. */
export interface ReadyDetail {
  id: string;
  title: string;
  width: number;
  height: number;
}

export type EmbedState = 'loading' | 'ready' | 'error';

/**
 * Sets the state attribute of placeholder `el`, says the state in the live region beside its
 * `container` (none before it starts) and, for ready/error, dispatches the matching event on `el`.
 * `error`: what failed, said in the reader's language (the event's `message` is in English).
 */
export function report(el: Element, container: Element | undefined, state: EmbedState, detail?: Partial<ReadyDetail>, error?: EmbedError) {
  el.setAttribute(STATE_ATTR, state);
  // Said in the reader's language (src/i18n/en.ts loadingGif, gifLoaded, or the error's message):
  // once the reader's table is here (asked for when the placeholder started), so a GIF ready
  // before its table is not announced in English; a table that cannot come leaves English.
  void whenTable(languageOf(el)).then(() => {
    const live = announcerOf(container);
    const strings = stringsOf(el);
    const text = strings.m[error || (state === 'loading' ? 'loadingGif' : 'gifLoaded')];
    // A live region says a change: the same text is not written again, nor a state the
    // placeholder has left. It is marked with the language it was said in (a later language
    // switch does not change what was said).
    if (live && el.getAttribute(STATE_ATTR) === state && live.textContent !== text) {
      live.textContent = text;
      markLanguage(strings, live);
    }
  });
  if (state !== 'loading') {
    el.dispatchEvent(new CustomEvent(state === 'ready' ? READY_EVENT : ERROR_EVENT, { bubbles: true, detail: error ? { ...detail, message: PLAYER_EN[error] } : detail }));
  }
}
