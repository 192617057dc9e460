/**
 * A React 19 app using the SDK's components with React itself (not Preact): a debounced search
 * driving a Grid, a trending Carousel and one GIF. Built by build.mjs into /react-example.js.
 */
import { StrictMode, useCallback, useEffect, useState, version as REACT_VERSION } from 'react';
import { createRoot } from 'react-dom/client';
import { configure, search, trending, gif as fetchGif, type Gif as GifData } from 'gif-embed/api';
import { Carousel, Gif, Grid } from 'gif-embed/sdk';

/** The key the local service accepts; against the real API use your own. */
const LOCAL_API_KEY = 'gif-embed-local-key';
const PAGE_SIZE = 12;
const SEARCH_DEBOUNCE_MS = 300;
const SINGLE_GIF_ID = 'gifPlainBounce01';
const BREAKPOINTS = [
  { minWidth: 0, columns: 2, gutter: 6 },
  { minWidth: 600, columns: 3 },
  { minWidth: 900, columns: 4 },
];

configure({ apiBase: location.origin, pingbackBase: location.origin, siteBase: location.origin, apiKey: LOCAL_API_KEY });

/** `value`, settled for `ms` after its last change. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function SearchGrid() {
  const [input, setInput] = useState('loop');
  const term = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const [count, setCount] = useState<number | undefined>();
  // Stable per term: the Grid restarts on a new searchKey, not on every render.
  const fetchGifs = useCallback(
    (offset: number) => (term ? search(term, { offset, limit: PAGE_SIZE }) : trending({ offset, limit: PAGE_SIZE })),
    [term],
  );
  useEffect(() => setCount(undefined), [term]);
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">Search</h2>
      <input
        className="search"
        type="search"
        aria-label="Search GIFs"
        placeholder="Search GIFs and stickers"
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      <p className="status" aria-live="polite">
        {count === undefined ? 'Loading…' : `${count} ${count === 1 ? 'result' : 'results'}${term ? ` for "${term}"` : ''}`}
      </p>
      <Grid
        fetchGifs={fetchGifs}
        searchKey={term}
        breakpoints={BREAKPOINTS}
        onGifsFetched={(gifs) => setCount(gifs.length)}
        noResultsMessage={`No GIFs found for "${term}".`}
      />
    </section>
  );
}

function SingleGif() {
  const [gif, setGif] = useState<GifData | undefined>();
  useEffect(() => {
    fetchGif(SINGLE_GIF_ID).then((r) => setGif(r.data), () => setGif(undefined));
  }, []);
  return gif ? <Gif gif={gif} width={240} /> : null;
}

function App() {
  const fetchTrending = useCallback((offset: number) => trending({ offset, limit: 10 }), []);
  return (
    <main className="site" data-app="react-example">
      <h1>GIF Embed SDK with React {REACT_VERSION}</h1>
      <div className="row">
        <section aria-labelledby="trending-title">
          <h2 id="trending-title">Trending now</h2>
          <Carousel fetchGifs={fetchTrending} gifHeight={140} noResultsMessage="Nothing is trending right now." />
        </section>
        <section aria-labelledby="single-title">
          <h2 id="single-title">One GIF</h2>
          <SingleGif />
        </section>
      </div>
      <SearchGrid />
    </main>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
