import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { columnWidthFor, masonryLayout, pickBreakpoint, DEFAULT_GUTTER } from '../../../src/sdk/masonry';

test('default gutter is 6 px', () => {
  assert.is(DEFAULT_GUTTER, 6);
  assert.is(masonryLayout([{ width: 1, height: 1 }, { width: 1, height: 1 }], { width: 206, columns: 2 }).placements[1].x, 106);
});

test('column width = floor((width - gutter*(columns-1)) / columns)', () => {
  assert.is(masonryLayout([], { width: 1040, columns: 4 }).columnWidth, Math.floor((1040 - 18) / 4)); // 255
  assert.is(masonryLayout([], { width: 1000, columns: 3, gutter: 10 }).columnWidth, 326); // 980/3 = 326.67
  assert.is(columnWidthFor(100, 1, 6), 100);
  assert.is(columnWidthFor(10, 4, 6), 0, 'never negative');
});

test('greedy: each item goes to the shortest column, leftmost on ties', () => {
  const { placements, height } = masonryLayout(
    [
      { width: 100, height: 200 }, // col 0, h 200
      { width: 100, height: 100 }, // col 1, h 100
      { width: 100, height: 50 }, // col 1 (100 < 200): y = 106
      { width: 100, height: 100 }, // col 1 (162 < 200): y = 162
      { width: 100, height: 10 }, // col 0 (206 < 268): y = 206
    ],
    { width: 206, columns: 2 },
  );
  assert.equal(placements.map((p) => [p.column, p.x, p.y, p.height]), [
    [0, 0, 0, 200],
    [1, 106, 0, 100],
    [1, 106, 106, 50],
    [1, 106, 162, 100],
    [0, 0, 206, 10],
  ]);
  assert.is(height, 262, 'tallest column bottom, no trailing gutter');
});

test('items are scaled to the column width by aspect ratio', () => {
  const { placements } = masonryLayout([{ width: 480, height: 270 }, { width: 200, height: 400 }], { width: 200, columns: 1 });
  assert.is(placements[0].width, 200);
  assert.is(placements[0].height, 113); // 200*270/480 = 112.5 -> 113
  assert.is(placements[1].height, 400);
  assert.is(placements[1].y, 119);
});

test('items without a usable size become square instead of breaking the layout', () => {
  const { placements } = masonryLayout(
    [{ width: 0, height: 100 }, { width: NaN, height: 5 }, { width: -1, height: -1 }],
    { width: 100, columns: 1, gutter: 0 },
  );
  assert.equal(placements.map((p) => p.height), [100, 100, 100]);
});

test('empty list has zero height; bad column counts become 1', () => {
  assert.is(masonryLayout([], { width: 500, columns: 3 }).height, 0);
  const r = masonryLayout([{ width: 1, height: 1 }], { width: 300, columns: 0 });
  assert.is(r.columnWidth, 300);
});

test('pickBreakpoint picks the largest minWidth not above the width', () => {
  const bps = [{ minWidth: 0, columns: 2 }, { minWidth: 800, columns: 4, gutter: 8 }, { minWidth: 500, columns: 3 }];
  assert.is(pickBreakpoint(bps, 320)?.columns, 2);
  assert.is(pickBreakpoint(bps, 500)?.columns, 3);
  assert.is(pickBreakpoint(bps, 799)?.columns, 3);
  assert.equal(pickBreakpoint(bps, 1200), { minWidth: 800, columns: 4, gutter: 8 });
  assert.is(pickBreakpoint([{ minWidth: 400, columns: 3 }], 300), undefined);
  assert.is(pickBreakpoint([], 300), undefined);
});

test('10,000 items lay out correctly (heights add up per column)', () => {
  const items = Array.from({ length: 10_000 }, (_, i) => ({ width: 100, height: 50 + (i % 7) * 10 }));
  const { placements, height } = masonryLayout(items, { width: 418, columns: 4 });
  const bottoms = [0, 0, 0, 0];
  for (const p of placements) bottoms[p.column] = Math.max(bottoms[p.column], p.y + p.height);
  assert.is(height, Math.max(...bottoms));
});

test.run();
