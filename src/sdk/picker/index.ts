/**
 * The GIF picker (gif-embed/sdk `GifPicker`, `renderPicker` and `<gif-picker>` in dist/sdk.js):
 * one component behind all three.
 */
export { GifPicker, PICKER_CLASS, SEARCH_DEBOUNCE_MS } from './picker';
export type { GifPickerProps, PickerSelection } from './picker';
export { AUTOCOMPLETE_DEBOUNCE_MS } from './suggestions';
export { PICKER_PAGE_SIZE } from './results';
export { RECENTS_KEPT, FAVORITES_KEPT, KEPT_STORAGE_PREFIX } from './kept';
export type { PickerStore } from './kept';
export { pickerReducer, initialPickerState, parseSearch } from './state';
export type { PickerState, PickerEvent, PickerMediaType, PickerKeptTab, Suggestion, SearchQuery } from './state';
