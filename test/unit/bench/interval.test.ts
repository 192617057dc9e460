import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INTERVAL_MIN_RUNS, median, ratioInterval } from '../../../bench/interval';

const spread = (center: number, n: number) => Array.from({ length: n }, (_, i) => center + (i % 10) - 4.5);

test('the interval of a ratio holds its true value and narrows with more samples', () => {
  const wide = ratioInterval(spread(200, 20), spread(100, 20))!;
  const narrow = ratioInterval(spread(200, 200), spread(100, 200))!;
  assert.ok(wide[0] < 2 && wide[1] > 1.9 && wide[1] < 2.2, `20 samples: ${wide}`);
  assert.ok(narrow[0] <= 2 && narrow[1] >= 2 && narrow[1] - narrow[0] <= wide[1] - wide[0], `200 samples: ${narrow}`);
});

test('the median: the middle value, or the mean of the two middle ones, whatever the order', () => {
  assert.is(median([3, 1, 2]), 2);
  assert.is(median([4, 1, 3, 2]), 2.5);
  assert.is(median([7]), 7);
});

test('the bootstrap is seeded: the same samples give the same interval at every run; constant samples give exactly their ratio', () => {
  const xs = spread(100, 40);
  const ys = spread(125, 40);
  const first = ratioInterval(xs, ys)!;
  assert.ok(first[0] < 0.8 && first[1] > 0.8 && first[0] < first[1], `it holds the true ratio: ${first}`);
  assert.equal(ratioInterval([...xs], [...ys]), first, 'taken again from copies of the samples');
  assert.equal(ratioInterval(Array(40).fill(5), Array(40).fill(5)), [1, 1]);
  assert.equal(ratioInterval(Array(40).fill(6), Array(40).fill(3)), [2, 2]);
});

test(`no interval with fewer than ${INTERVAL_MIN_RUNS} samples a side, or a denominator that is all zeros`, () => {
  assert.is(ratioInterval(spread(100, INTERVAL_MIN_RUNS - 1), spread(100, 40)), undefined);
  assert.is(ratioInterval(spread(100, 40), Array(40).fill(0)), undefined);
});

test.run();
