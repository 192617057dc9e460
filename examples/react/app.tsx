/**
 * The React example's app: a debounced search driving a Grid, a trending Carousel, one GIF and
 * the GIF picker,
 * written with React itself (not Preact) against the package's public entries. The local
 * service renders it on the server with the first page of each (so the page shows GIFs before
 * any script runs, and to crawlers), and main.tsx hydrates that HTML.
 */
import { useCallback, useEffect, useRef, useState, version as REACT_VERSION } from 'react';
import { search, trending, gif as fetchGif, type Gif as GifData } from 'gif-embed/api';
import { Carousel, Gif, GifPicker, Grid } from 'gif-embed/sdk';

/** The key the local service accepts; against the real API use your own. */
export const LOCAL_API_KEY = 'gif-embed-local-key';
export const PAGE_SIZE = 12;
export const TRENDING_PAGE_SIZE = 10;
export const FIRST_TERM = 'loop';
export const SINGLE_GIF_ID = 'gifPlainBounce01';
/** The id of the JSON block the server puts the first pages in, for the browser to hydrate with. */
export const EXAMPLE_DATA_ID = 'react-example-data';
const SEARCH_DEBOUNCE_MS = 300;
const BREAKPOINTS = [
  { minWidth: 0, columns: 2, gutter: 6 },
  { minWidth: 600, columns: 3 },
  { minWidth: 900, columns: 4 },
];

/** The first pages the server fetched: what the page shows before any script runs. */
export interface ExampleData {
  trending: GifData[];
  search: GifData[];
  single?: GifData;
}

/** `value`, settled for `ms` after its last change. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function SearchGrid({ initialGifs }: { initialGifs?: GifData[] }) {
  const [input, setInput] = useState(FIRST_TERM);
  const term = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const [count, setCount] = useState(initialGifs?.length);
  // Stable per term: the Grid restarts on a new searchKey, not on every render.
  const fetchGifs = useCallback(
    (offset: number) => (term ? search(term, { offset, limit: PAGE_SIZE }) : trending({ offset, limit: PAGE_SIZE })),
    [term],
  );
  const firstTerm = useRef(term);
  useEffect(() => {
    if (term !== firstTerm.current) setCount(undefined);
  }, [term]);
  return (
    <section className="search-grid" aria-labelledby="search-title">
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
        // The server's first page, for the first term only: a new term starts over.
        initialGifs={term === FIRST_TERM ? initialGifs : undefined}
        onGifsFetched={(gifs) => setCount(gifs.length)}
        noResultsMessage={`No GIFs found for "${term}".`}
      />
    </section>
  );
}

function SingleGif({ initial }: { initial?: GifData }) {
  const [gif, setGif] = useState(initial);
  useEffect(() => {
    if (!initial) fetchGif(SINGLE_GIF_ID).then((r) => setGif(r.data), () => setGif(undefined));
  }, [initial]);
  return gif ? <Gif gif={gif} width={240} /> : null;
}

/** The GIF picker, and what was picked with it: its alt text starts as the picker's suggestion, for the sender to edit. */
function Picker() {
  const [picked, setPicked] = useState<{ gif: GifData; alt: string }>();
  return (
    <section aria-labelledby="picker-title">
      <h2 id="picker-title">Pick a GIF</h2>
      <div className="picker">
        <GifPicker onSelect={(gif, { alt }) => setPicked({ gif, alt })} height={360} />
      </div>
      <p className="status picked" aria-live="polite">
        {picked ? `Picked: ${picked.gif.title || picked.gif.id}` : 'Nothing picked yet.'}
      </p>
      {picked ? (
        <p>
          <label>
            Alt text, in your words{' '}
            <input value={picked.alt} onChange={(e) => setPicked({ ...picked, alt: e.target.value })} />
          </label>
        </p>
      ) : null}
    </section>
  );
}

/** The page's app; `data`, the first pages the server rendered it with. */
export function App({ data }: { data?: ExampleData }) {
  const fetchTrending = useCallback((offset: number) => trending({ offset, limit: TRENDING_PAGE_SIZE }), []);
  return (
    <main className="site" data-app="react-example">
      <h1>GIF Embed SDK with React {REACT_VERSION}</h1>
      <div className="row">
        <section aria-labelledby="trending-title">
          <h2 id="trending-title">Trending now</h2>
          <Carousel fetchGifs={fetchTrending} gifHeight={140} initialGifs={data?.trending} noResultsMessage="Nothing is trending right now." />
        </section>
        <section aria-labelledby="single-title">
          <h2 id="single-title">One GIF</h2>
          <SingleGif initial={data?.single} />
        </section>
      </div>
      <SearchGrid initialGifs={data?.search} />
      <Picker />
    </main>
  );
}
