/**
 * The related GIFs both related views share (spec §2, §4, §9): the 'Related Gifs' header over
 * the SDK's Grid (its paging state machine, tiles and masonry) in 3 columns with a 6 px
 * gutter, pages of 6 then 12 (spec §7), each page a page view, and the grid-active report while
 * the visitor scrolls it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CLICK_ACTION, EVENT_CATEGORY } from '../../src/analytics/track-event';
// Only this plugin reports page views in the embed: it carries their code, not the player file.
import { trackPageView } from '../../src/analytics/page-view';
import { altText, type Gif } from '../../src/model';
import type { PluginContext, RelatedPluginProps } from '../../src/plugin-types';
// The SDK's grid with its bare tile: related tiles show no attribution, so the overlay stays out.
import { Tile } from '../../src/sdk/tile';
import { TileGrid } from '../../src/sdk/tile-grid';
import { useScrollObserver } from '../../src/sdk/use-observers';
import { RELATED_COLUMNS, RELATED_FIRST_PAGE, RELATED_GUTTER_PX, RELATED_NEXT_PAGES, widgetHeight } from './layout';
import { relatedStyles } from './styles';
import { RELATED_EN } from '../../src/i18n/en';

/** The header over the grid (spec §2), in English (and so in the events it records). */
export const RELATED_HEADER = RELATED_EN.related;

export interface RelatedListProps extends PluginContext {
  /** Width of the tiles area, px. */
  width: number;
  /** The widget's rule: the scroller is as tall as the tallest of the first 3 GIFs. */
  sizeToFirstRow?: boolean;
  /** Shown now; when it goes false the grid scrolls back to the top. Undefined: always shown. */
  open?: boolean;
  /** Reports the grid-active flag: true once the visitor scrolls the grid. */
  onActiveChange?(active: boolean): void;
  /** Label of the Click/Image trackEvent, naming which related view was clicked. */
  clickLabel: string;
  /** Fetches a page (the player's API call); without it the grid is not shown. */
  fetchRelated?: RelatedPluginProps['fetchRelated'];
  /** False until the list has been shown once: until then no page is asked for. */
  shown?: boolean;
}

/** The page view of a related page (spec §2): the API request's URL, rewritten by the analytics layer. */
function reportPage(gif: Gif, offset: number, limit: number) {
  const query = new URLSearchParams({ gif_id: gif.id, offset: String(offset), limit: String(limit) });
  trackPageView(`/v1/gifs/related?${query}`, { slug: gif.slug || undefined });
}

/** The header and the scrolling grid of related GIFs. */
export function RelatedList(props: RelatedListProps) {
  const { gif, theme, width, track, onActiveChange, clickLabel, fetchRelated } = props;
  const s = relatedStyles(theme);
  const { m } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();
  const open = props.open !== false;
  // Read by the scroll observer's callback, which lives as long as the list.
  const openNow = useRef(open);
  openNow.current = open;
  const active = useRef(false);

  // The grid-active flag (spec §2): set once the visitor scrolls the grid, which the scroll
  // observer sees as the grid's top edge leaving the scroller. The scroll back to the top on
  // hiding is not the visitor's.
  useScrollObserver(
    top,
    (entry) => {
      if (entry.intersectionRatio === 1 || !openNow.current || active.current) return;
      active.current = true;
      onActiveChange?.(true);
      track(EVENT_CATEGORY.SCROLL_GRID, RELATED_HEADER, gif.id);
    },
    { root: scroller },
  );

  // Hidden again: back to the top for the next time it shows.
  useEffect(() => {
    if (open) return;
    if (scroller.current) scroller.current.scrollTop = 0;
    active.current = false;
  }, [open]);

  const fetchGifs = useCallback(
    async (offset: number) => {
      const limit = offset ? RELATED_NEXT_PAGES : RELATED_FIRST_PAGE;
      const page = await fetchRelated!(gif.id, { offset, limit });
      reportPage(gif, offset, limit);
      return page;
    },
    [gif.id, fetchRelated],
  );

  if (!fetchRelated) return null;
  return (
    // Named after its GIF: two embeds showing their grids at once are two distinct landmarks.
    <section className={s.root} aria-label={m.related + m.labelSeparator + altText(gif)} data-related="">
      <h2 className={s.header}>{m.related}</h2>
      <div
        ref={scroller}
        className={s.scroller}
        style={height ? { height, flex: 'none' } : undefined}
        data-related-scroller=""
      >
        {/* The grid's top edge, which the scroll observer watches leave the scroller. */}
        <div ref={top} className={s.edge} aria-hidden="true" />
        {props.shown !== false && (
          <TileGrid
            Tile={Tile}
            fetchGifs={fetchGifs}
            searchKey={gif.id}
            width={width}
            columns={RELATED_COLUMNS}
            gutter={RELATED_GUTTER_PX}
            newTab
            autoplay={props.autoplay}
            m={m}
            onGifClick={() => track(EVENT_CATEGORY.CLICK, CLICK_ACTION.IMAGE, clickLabel)}
            onGifsFetched={props.sizeToFirstRow ? (gifs) => setHeight(widgetHeight(gifs, width)) : undefined}
          />
        )}
      </div>
    </section>
  );
}

