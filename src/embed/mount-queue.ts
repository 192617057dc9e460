/**
 * The placeholders `GifEmbed.mount` was given in the current task, mounted together before it
 * ends (nothing is painted in between): a page that mounts ten in a loop has their boxes read,
 * written and measured once for the ten, not once each.
 */

/** A page's mounts of the current task (see mountQueue). */
export interface MountQueue {
  /** Queues `el`; at the end of the task every queued placeholder still in the page is mounted, once each. */
  add(el: Element): void;
  /** Calls off a mount of `el` asked for earlier in the task. */
  remove(el: Element): void;
  /** Whether the page asked to mount `el` in this task (it is then set up with that mount). */
  has(el: Element): boolean;
}

/** A mount queue whose placeholders, those of one task, `mountAll` mounts together. */
export function mountQueue(mountAll: (found: Element[]) => void): MountQueue {
  let mounting: Element[] = [];
  return {
    add(el) {
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
    },
    remove(el) {
      mounting = mounting.filter((waiting) => waiting !== el);
    },
    has: (el) => mounting.includes(el),
  };
}
