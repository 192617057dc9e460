/** The browser's idle time, for work that can wait (the player's chrome and its plugin files). */

/**
 * Runs `then` when the browser is next idle, at the latest after `timeout` ms if given (after a
 * task, where there is no idle callback). Returns its cancel.
 */
export function whenIdle(then: () => void, timeout?: number): () => void {
  const idle = typeof requestIdleCallback == 'function';
  const id = idle ? requestIdleCallback(then, { timeout }) : setTimeout(then);
  return () => (idle ? cancelIdleCallback : clearTimeout)(id as number);
}
