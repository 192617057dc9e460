/**
 * The 'Related Gifs' grid of the desktop footer (the related plugin's Component).
 */
import type { RelatedPluginProps } from '../../src/plugin-types';
import { footerGridWidth } from './layout';
import { RelatedList } from './RelatedList';
import type { FetchRelated } from './useRelated';

/** Props the player adds beyond the contract: its API's `related` call. */
export interface RelatedExtraProps {
  fetchRelated?: FetchRelated;
}

/** Label of its Click/Image trackEvent. */
export const GRID_CLICK_LABEL = 'Related Gifs';

/** The footer grid: `width` minus the 15 px scrollbar allowance, scrolled back on `scrollResetKey`. */
export function RelatedGrid(props: RelatedPluginProps & RelatedExtraProps) {
  return <RelatedList {...props} width={footerGridWidth(props.width)} clickLabel={GRID_CLICK_LABEL} />;
}
