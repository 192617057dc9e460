/**
 * The peer's picker for the bench: @giphy/react-components' SearchContextManager, SearchBar,
 * SuggestionBar and Grid (the way its documentation builds a GIF search), on React 19, in a box
 * whose results scroll. Bundled by bench/run.ts into dist/bench/peer-picker.js.
 */
import { createElement as h, useContext } from 'react';
import { createRoot } from 'react-dom/client';
import { Grid, SearchBar, SearchContext, SearchContextManager, SuggestionBar } from '@giphy/react-components';

/** Height of the search bar and suggestion bar together, px (the rest of the box scrolls the results). */
const BARS_PX = 100;

function Results({ width }: { width: number }) {
  const { fetchGifs, searchKey } = useContext(SearchContext);
  // (Its typings ask for props its defaults fill in, such as `user`.)
  const props = { key: searchKey, fetchGifs, width, columns: 2, gutter: 6, noLink: true, hideAttribution: true, onGifClick: (_gif: unknown, e: { preventDefault(): void }) => e.preventDefault() };
  return h(Grid, props as never);
}

(window as unknown as { GiphyPickerPeer: unknown }).GiphyPickerPeer = {
  render(el: Element, { apiKey, width, height }: { apiKey: string; width: number; height: number }) {
    createRoot(el).render(
      h(SearchContextManager, { apiKey, options: { limit: 25 } } as never,
        h(SearchBar, {}),
        h(SuggestionBar, {}),
        h('div', { 'data-results': '', style: { height: height - BARS_PX, overflowY: 'auto' } }, h(Results, { width: width - 16 }))),
    );
  },
};
