/**
 * The alternative related widget (spec §2): the window width minus 30 px, re-laid out on resize
 * at most every 500 ms, as tall as the tallest of its first 3 GIFs.
 */
import { useEffect, useState } from 'react';
import type { RelatedWidgetProps } from '../../src/plugin-types';
import { WIDGET_RESIZE_THROTTLE_MS, widgetWidth } from './layout';
import { throttle } from './throttle';

/** Label of its Click/Image trackEvent (a grid-GIF click of the widget). */
export const WIDGET_CLICK_LABEL = 'Related Widget';

/** The widget; sizes itself from the window and shows the related plugin's list (`List`). */
export function RelatedWidget({ List, ...props }: RelatedWidgetProps) {
  const [width, setWidth] = useState(() => widgetWidth(window.innerWidth));
  useEffect(() => {
    const onResize = throttle(() => setWidth(widgetWidth(window.innerWidth)), WIDGET_RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      onResize.cancel();
    };
  }, []);
  return <List {...props} width={width} sizeToFirstRow clickLabel={WIDGET_CLICK_LABEL} />;
}
