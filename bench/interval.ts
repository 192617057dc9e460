/**
 * How sure a ratio of two medians is: the bootstrap's 95% interval. Each side's samples are
 * drawn again with replacement BOOTSTRAP_RESAMPLES times, and the ratio of the two medians is
 * taken each time; the interval holds the middle 95% of those ratios. A target such as "at most
 * 1.05x" is decided by a run only when the whole interval is on one side of it.
 */
export const BOOTSTRAP_RESAMPLES = 2000;
/**
 * Fewest samples per side for which a ratio gets an interval: the quick run's slower cases take
 * 5. From so few the interval is rough (a bootstrap of five values can only say how they
 * spread); the first-frame cases take 20 a side in the quick run and 120 in the full one.
 */
export const INTERVAL_MIN_RUNS = 5;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** A seeded generator in [0, 1) (Park and Miller's): the same samples print the same interval. */
function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** The 95% bootstrap interval of median(a) / median(b); undefined with too few samples or a zero median. */
export function ratioInterval(a: number[], b: number[]): [number, number] | undefined {
  if (a.length < INTERVAL_MIN_RUNS || b.length < INTERVAL_MIN_RUNS) return undefined;
  const random = seeded(1);
  const draw = (xs: number[]) => xs.map(() => xs[Math.floor(random() * xs.length)]);
  const ratios: number[] = [];
  for (let i = 0; i < BOOTSTRAP_RESAMPLES; i++) {
    const under = median(draw(b));
    if (under) ratios.push(median(draw(a)) / under);
  }
  if (ratios.length < BOOTSTRAP_RESAMPLES / 2) return undefined;
  ratios.sort((x, y) => x - y);
  return [ratios[Math.floor(0.025 * ratios.length)], ratios[Math.ceil(0.975 * ratios.length) - 1]];
}
