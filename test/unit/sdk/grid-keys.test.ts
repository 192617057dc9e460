import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gridMove } from '../../../src/sdk/grid-keys';
import { masonryLayout } from '../../../src/sdk/masonry';

// Two columns of 100 px: heights make the columns drift apart, as a masonry does.
const { placements } = masonryLayout(
  [100, 60, 80, 120, 50, 90, 70, 40].map((h) => ({ width: 100, height: h })),
  { width: 210, columns: 2, gutter: 10 },
);

test('arrow keys: down and up stay in the column, left and right go to the neighbour nearest in height', () => {
  const col = (c: number) => placements.map((p, i) => [p, i] as const).filter(([p]) => p.column === c).map(([, i]) => i);
  const [left, right] = [col(0), col(1)];
  assert.is(gridMove(placements, left[0], 'ArrowDown', 300), left[1]);
  assert.is(gridMove(placements, left[1], 'ArrowUp', 300), left[0]);
  assert.is(gridMove(placements, left[0], 'ArrowUp', 300), left[0], 'top of the column: stays');
  assert.is(gridMove(placements, left[left.length - 1], 'ArrowDown', 300), left[left.length - 1], 'bottom: stays');
  assert.is(gridMove(placements, left[0], 'ArrowLeft', 300), left[0], 'no column to the left');
  const to = gridMove(placements, left[2], 'ArrowRight', 300);
  assert.ok(right.includes(to));
  const mid = (i: number) => placements[i].y + placements[i].height / 2;
  for (const other of right) assert.ok(Math.abs(mid(to) - mid(left[2])) <= Math.abs(mid(other) - mid(left[2])), 'the nearest in height');
});

test('Home, End, Page Up and Page Down', () => {
  assert.is(gridMove(placements, 3, 'Home', 300), 0);
  assert.is(gridMove(placements, 0, 'End', 300), placements.length - 1);
  const down = gridMove(placements, 0, 'PageDown', 150);
  assert.is(placements[down].column, placements[0].column);
  assert.ok(placements[down].y > placements[0].y && placements[down].y <= 150 + 100, 'about one page down the column');
  assert.is(gridMove(placements, down, 'PageUp', 150), 0);
  assert.is(gridMove([], 0, 'End', 100), -1, 'no tiles: nowhere');
});

test.run();
