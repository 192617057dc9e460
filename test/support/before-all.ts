/**
 * A suite's start, for every suite (unit and browser): uvu drops an error thrown by a `before`
 * hook (its runner returns from a `finally`), so the file's tests would neither run nor fail, and
 * the run would not say why.
 */
import type { Test } from 'uvu';

/** Runs `start` once before `suite`'s tests; if it throws, each test fails with its error. */
export function beforeAll(suite: Test, start: () => unknown) {
  let failed: unknown;
  suite.before(async () => {
    try {
      await start();
    } catch (error) {
      failed = error;
    }
  });
  suite.before.each(() => {
    if (failed) throw failed;
  });
}
