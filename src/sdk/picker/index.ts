/**
 * The GIF picker (gif-embed/sdk `GifPicker`, `renderPicker` and `<gif-picker>` in dist/sdk.js):
 * one component behind all three.
 */
export { GifPicker, PICKER_CLASS, SEARCH_DEBOUNCE_MS } from './picker';
export type { GifPickerProps, PickerSelection } from './picker';
export { AUTOCOMPLETE_DEBOUNCE_MS } from './suggestions';
export { PICKER_PAGE_SIZE } from './results';
export { pickerReducer, initialPickerState, parseSearch } from './state';
export type { PickerState, PickerEvent, PickerMediaType, Suggestion, SearchQuery } from './state';
