/**
 * The mark on the outermost element of everything the SDK renders (Grid, Carousel, Gif and its
 * loading box, the picker). The SDK's tiles carry `data-gif-id` as the embed's placeholders do:
 * the embed's loader never takes an element at or inside a marked one, so a page that runs both
 * has each mind its own elements, requests and views.
 */
export const SDK_ROOT_ATTR = 'data-gif-embed-sdk';

/** The mark as props, spread on each root: `<div {...SDK_ROOT}>`. */
export const SDK_ROOT = { [SDK_ROOT_ATTR]: '' } as const;
