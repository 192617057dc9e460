import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { initialPickerState, parseSearch, pickerReducer, type PickerEvent, type PickerState, type Suggestion } from '../../../src/sdk/picker';

const apply = (events: PickerEvent[], from: PickerState = initialPickerState()) => events.reduce(pickerReducer, from);
const terms = (...names: string[]): Suggestion[] => names.map((n) => ({ kind: 'term', value: n, label: n }));

test('a field text as a search: a term, or a term within @channel', () => {
  assert.equal(parseSearch('  funny cats '), { term: 'funny cats' });
  assert.equal(parseSearch('@pixelsmith dots'), { term: 'dots', channel: 'pixelsmith' });
  assert.equal(parseSearch('@pixelsmith  happy dots '), { term: 'happy dots', channel: 'pixelsmith' });
  assert.equal(parseSearch('@pix'), { term: '', channel: 'pix' });
  assert.equal(parseSearch('@'), { term: '', channel: undefined });
  assert.equal(parseSearch(''), { term: '' });
});

test('suggestions for an older text never replace those of the text the field holds', () => {
  let s = apply([{ type: 'input', text: 'ca' }, { type: 'input', text: 'cat' }]);
  s = pickerReducer(s, { type: 'suggestions', for: 'cat', suggestions: terms('cat', 'cats') });
  assert.ok(s.open);
  const stale = pickerReducer(s, { type: 'suggestions', for: 'ca', suggestions: terms('car') });
  assert.is(stale, s, 'the answer for "ca" came late: ignored');
  assert.equal(s.suggestions.map((x) => x.value), ['cat', 'cats']);
});

test('ArrowDown and ArrowUp move through the options and back to the field; Enter on one searches it', () => {
  let s = apply([{ type: 'input', text: 'ha' }, { type: 'suggestions', for: 'ha', suggestions: terms('happy', 'hat') }]);
  s = pickerReducer(s, { type: 'move', by: 1 });
  assert.is(s.active, 0);
  s = pickerReducer(s, { type: 'move', by: 1 });
  assert.is(s.active, 1);
  assert.is(pickerReducer(s, { type: 'move', by: 1 }).active, -1, 'past the last: the field again');
  assert.is(pickerReducer(pickerReducer(s, { type: 'move', by: -1 }), { type: 'move', by: -1 }).active, -1);
  s = pickerReducer(s, { type: 'choose', index: s.active });
  assert.equal([s.text, s.query, s.open, s.typed], ['hat', { term: 'hat' }, false, false]);
});

test('Enter with no option active searches the text; the debounce commit does the same without closing', () => {
  let s = apply([{ type: 'input', text: 'cats' }, { type: 'suggestions', for: 'cats', suggestions: terms('cats') }, { type: 'commit' }]);
  assert.equal(s.query, { term: 'cats' });
  assert.ok(s.open, 'typing paused: results follow, suggestions stay');
  s = pickerReducer(s, { type: 'choose', index: -1 });
  assert.equal([s.query, s.open], [{ term: 'cats' }, false]);
  const same = pickerReducer(s, { type: 'commit' });
  assert.is(same.query, s.query, 'the same search keeps its identity (the grid does not restart)');
});

test('a channel suggestion fills @name and waits for the term; @name alone keeps the results', () => {
  let s = apply([{ type: 'input', text: 'cats' }, { type: 'commit' }, { type: 'input', text: '@pix' }, { type: 'commit' }]);
  assert.equal(s.query, { term: 'cats' }, 'a channel being typed does not search');
  s = pickerReducer(s, { type: 'suggestions', for: '@pix', suggestions: [{ kind: 'channel', value: '@pixelsmith ', label: '@pixelsmith' }] });
  s = pickerReducer(s, { type: 'choose', index: 0 });
  assert.equal([s.text, s.typed, s.query], ['@pixelsmith ', true, { term: 'cats' }]);
  s = apply([{ type: 'input', text: '@pixelsmith dots' }, { type: 'commit' }], s);
  assert.equal(s.query, { term: 'dots', channel: 'pixelsmith' });
});

test('clear empties field, search and suggestions; the media type switches', () => {
  let s = apply([{ type: 'input', text: 'x' }, { type: 'suggestions', for: 'x', suggestions: terms('xo') }, { type: 'commit' }, { type: 'clear' }]);
  assert.equal([s.text, s.query, s.suggestions, s.open], ['', { term: '' }, [], false]);
  s = pickerReducer(s, { type: 'mediaType', mediaType: 'stickers' });
  assert.is(s.type, 'stickers');
  assert.is(pickerReducer(s, { type: 'mediaType', mediaType: 'stickers' }), s);
  assert.is(pickerReducer(s, { type: 'close' }), s, 'closing a closed list changes nothing');
});

test.run();

test('the kept tabs: a tab empties the field; typing or a search leaves it for the results; Escape\'s clear and an empty search keep it', () => {
  let s = apply([{ type: 'input', text: 'cats' }, { type: 'kept', tab: 'favorites' }]);
  assert.equal([s.kept, s.text, s.query.term, s.open], ['favorites', '', '', false]);
  assert.is(pickerReducer(s, { type: 'input', text: '  ' }).kept, 'favorites', 'blank text is no search');
  assert.is(pickerReducer(s, { type: 'search', term: '' }).kept, 'favorites');
  assert.is(pickerReducer(s, { type: 'clear' }).kept, 'favorites');
  assert.is(pickerReducer(s, { type: 'input', text: 'd' }).kept, undefined);
  assert.is(pickerReducer(s, { type: 'search', term: 'dogs' }).kept, undefined);
  const stickers = pickerReducer(s, { type: 'mediaType', mediaType: 'stickers' });
  assert.equal([stickers.kept, stickers.type], [undefined, 'stickers']);
  assert.equal([pickerReducer(s, { type: 'mediaType', mediaType: 'gifs' }).kept], [undefined], 'the tab of the type already chosen leaves the kept tab too');
  assert.is(initialPickerState('gifs', '', 'recents').kept, 'recents');
});
