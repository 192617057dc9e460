/**
 * What a `[data-gif-related="ID"]` element shows (the player finds it, src/embed/related.ts):
 * the widget for that GIF, in a shadow root of its own, in the reader's language. The GIF, the
 * related plugin (whose list the widget shows) and the reader's table are asked for together.
 */
import { createRoot } from 'react-dom/client';
import { fetchGifs } from '../../src/api/gif-list';
import type { Gif } from '../../src/model';
import { ENGLISH } from '../../src/i18n';
import type { EmbedError } from '../../src/i18n/en';
import { languageOf, markLanguage, stringsOf, whenTable } from '../../src/embed/lang';
import { gifIdFrom, quoted } from '../../src/embed/placeholder';
import { loadPlugin } from '../../src/plugin-files';
import { shadowContainer } from '../../src/embed/shadow';
import { adoptStyles } from '../../src/embed/styles';
import { pingback, track } from '../../src/player/tracking';
import { RelatedWidget } from '../related/RelatedWidget';
import { DARK_QUERY, schemeOf } from '../../src/player/scheme';

/** Shows the related widget for the GIF `el` names (`data-gif-related`), asking for it with its page's `requestGif`. */
export function showRelated(el: HTMLElement, requestGif: (id: string) => Promise<Gif>) {
  const raw = el.getAttribute('data-gif-related') || '';
  const id = gifIdFrom(raw);
  if (!id) return void console.warn(`[gif-embed] No GIF id in data-gif-related=${quoted(raw)}`);
  const container = shadowContainer(el);
  adoptStyles(container.parentNode as ShadowRoot);
  const written = el.getAttribute('data-theme') || '';
  Promise.all([requestGif(id), loadPlugin('related'), whenTable(languageOf(el))]).then(
    ([gif, related]) => {
      const List = related?.List;
      if (!List) return;
      const strings = stringsOf(el);
      markLanguage(strings, container);
      const root = createRoot(container);
      // `auto` follows the reader's colour scheme, live.
      const paint = (theme = schemeOf(written)) => root.render(
        <div className={`rw${theme === 'light' ? ' l' : ''}`}>
          <RelatedWidget
            gif={gif}
            theme={theme}
            track={track}
            pingback={pingback}
            m={strings.m}
            List={List}
            fetchRelated={(gifId, page) => fetchGifs('gifs/related', { gif_id: gifId, ...page })}
          />
        </div>,
      );
      paint();
      if (written == 'auto') matchMedia(DARK_QUERY).addEventListener('change', () => paint());
    },
    // The error's message is its key in the reader's table (src/i18n/en.ts EmbedError).
    (error: Error) => console.warn(`[gif-embed] ${ENGLISH.m[error.message as EmbedError] || error.message} (data-gif-related=${quoted(raw)})`),
  );
}
