/**
 * Benchmark: lays out 10,000 GIFs of random aspect ratios and prints the time (budget < 20 ms).
 * Run: node --import tsx bench/masonry.ts
 */
import { masonryLayout, type MasonryItem } from '../src/sdk/masonry';

const COUNT = 10_000;
const BUDGET_MS = 20;
const items: MasonryItem[] = Array.from({ length: COUNT }, () => ({
  width: 200,
  height: 100 + Math.round(Math.random() * 300),
}));

// Warm up so the JIT has compiled the loop before the measured run.
for (let i = 0; i < 5; i++) masonryLayout(items, { width: 1040, columns: 4 });
const runs: number[] = [];
for (let i = 0; i < 20; i++) {
  const start = performance.now();
  masonryLayout(items, { width: 1040, columns: 4 });
  runs.push(performance.now() - start);
}
runs.sort((a, b) => a - b);
const median = runs[runs.length >> 1];
const cold = (() => {
  const start = performance.now();
  masonryLayout(items.map((x) => ({ ...x })), { width: 777, columns: 5, gutter: 8 });
  return performance.now() - start;
})();
console.log(`masonry: ${COUNT} items, median ${median.toFixed(2)} ms, worst ${runs[runs.length - 1].toFixed(2)} ms, fresh input ${cold.toFixed(2)} ms (budget ${BUDGET_MS} ms) ${median < BUDGET_MS ? 'OK' : 'OVER'}`);
