/**
 * The GIF picker (gif-embed/sdk `GifPicker`, `renderPicker` and `<gif-picker>` in dist/sdk.js):
 * one component behind all three.
 */
export { GifPicker, PICKER_CLASS, PICKER_BREAKPOINTS, DEFAULT_PICKER_HEIGHT, SEARCH_DEBOUNCE_MS, TRENDING_CHIP_COUNT, CLEAR_LABEL } from './picker';
export type { GifPickerProps } from './picker';
export { AUTOCOMPLETE_DEBOUNCE_MS } from './suggestions';
export { PICKER_PAGE_SIZE, countAnnouncement } from './results';
export { pickerReducer, initialPickerState, parseSearch } from './state';
export type { PickerState, PickerEvent, PickerMediaType, Suggestion, SearchQuery } from './state';
