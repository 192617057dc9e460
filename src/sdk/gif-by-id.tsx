/**
 * A tile for a GIF known only by id: fetches it, then renders the Gif tile. Used by the vanilla
 * `renderGif({ id })`; a fetch failure leaves an empty, sized box and tells `onError`.
 */
import { useEffect, useState } from 'react';
import { gif as fetchGif } from '../api';
import { debugLog } from '../debug';
import { reportError, unreadableAnswer } from '../analytics/error-report';
import type { Gif as GifData } from '../model';
import { Loader } from '../ui/loader';
import { Gif, type GifProps } from './gif';
import { SDK_ROOT } from './sdk-root';

export interface GifByIdProps extends Omit<GifProps, 'gif'> {
  /** The GIF's id. */
  id: string;
  /** The GIF could not be loaded. */
  onError?: (error: unknown) => void;
}

/**
 * Loads GIF `id` and renders it with the remaining props; shows the loader meanwhile.
 * Renders nothing but a square box of `width` when loading fails.
 */
export function GifById({ id, onError, ...props }: GifByIdProps) {
  const [loaded, setLoaded] = useState<{ id: string; gif?: GifData; failed?: boolean }>({ id });
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ id });
    fetchGif(id, { signal: controller.signal }).then(
      (result) => {
        if (!controller.signal.aborted) setLoaded({ id, gif: result.data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (unreadableAnswer(error)) reportError(error, 'api');
        else debugLog(`renderGif: GIF ${id} could not be loaded`, error);
        setLoaded({ id, failed: true });
        onError?.(error);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  if (loaded.gif && loaded.id === id) return <Gif {...props} gif={loaded.gif} />;
  return (
    <div {...SDK_ROOT} style={{ width: props.width, height: props.height ?? props.width }} data-gif-id={id} aria-busy={!loaded.failed}>
      {loaded.failed ? null : <Loader />}
    </div>
  );
}
