/**
 * The placeholders `GifEmbed.mount` was given in the current task, mounted together before it
 * ends (nothing is painted in between): a page that mounts ten in a loop has their boxes read,
 * written and measured once for the ten, not once each.
 */
let mounting: Element[] = [];

/** Queues `el`; at the end of the task `mountAll` gets every queued placeholder still in the page, once each. */
export function queueMount(el: Element, mountAll: (found: Element[]) => void) {
  if (!mounting.length) {
    queueMicrotask(() => {
      // A placeholder taken out of the page before the task ended is not mounted (the page's
      // MutationObserver record of its removal has already gone by).
      const found = [...new Set(mounting)].filter((el) => el.isConnected);
      mounting = [];
      mountAll(found);
    });
  }
  mounting.push(el);
}

/** Calls off a mount of `el` asked for earlier in the task. */
export function unqueueMount(el: Element) {
  mounting = mounting.filter((waiting) => waiting !== el);
}

/** Whether the page asked to mount `el` in this task (it is then set up with that mount). */
export function mountQueued(el: Element): boolean {
  return mounting.includes(el);
}
