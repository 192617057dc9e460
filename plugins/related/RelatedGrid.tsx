/**
 * The 'Related Gifs' grid of the desktop footer (the related plugin's Component).
 */
import type { RelatedPluginProps } from '../../src/plugin-types';
import { footerGridWidth } from './layout';
import { RelatedList } from './RelatedList';

/** Label of its Click/Image trackEvent. */
export const GRID_CLICK_LABEL = 'Related Gifs';

/** The footer grid: `width` minus the 15 px scrollbar allowance; scrolled back to the top when the footer hides. */
export function RelatedGrid(props: RelatedPluginProps) {
  return <RelatedList {...props} width={footerGridWidth(props.width)} clickLabel={GRID_CLICK_LABEL} />;
}
