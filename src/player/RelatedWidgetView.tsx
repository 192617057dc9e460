/**
 * What a `[data-gif-related="ID"]` element shows: the widget plugin's alternative related widget for
 * that GIF (spec §2: 3 columns, 6 px gutter, the window width minus 30 px, as tall as the
 * tallest of its first 3 GIFs). For a page that offers more GIFs like one it shows, such as the
 * iframe player page with `?related`. The plugin file loads when the element starts.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { fetchGifs } from '../embed/fetch';
import { loadPlugin } from '../embed/plugins';
import type { Gif } from '../model';
import type { RelatedListContract, RelatedWidgetProps } from '../plugin-types';
import { pingback, track } from './tracking';

export function RelatedWidgetView({ gif, theme }: { gif: Gif; theme: 'light' | 'dark' }) {
  const [parts, setParts] = useState<[ComponentType<RelatedWidgetProps>, ComponentType<RelatedListContract>]>();
  useEffect(() => {
    // The widget shows the related plugin's list: both files, fetched together.
    Promise.all([loadPlugin('widget'), loadPlugin('related')]).then(([widget, related]) => {
      if (widget && related?.List) setParts([widget.Component, related.List]);
    });
  }, []);
  if (!parts) return null;
  const [Widget, List] = parts;
  return (
    <div className={`rw${theme === 'light' ? ' l' : ''}`}>
      <Widget gif={gif} theme={theme} track={track} pingback={pingback} List={List} fetchRelated={(id, page) => fetchGifs('gifs/related', { gif_id: id, ...page })} />
    </div>
  );
}
