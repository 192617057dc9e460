/** The nearest ancestor of `el` that scrolls vertically, or null when the page itself scrolls. */
export function scrollParent(el: Element): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(p).overflowY)) return p;
  }
  return null;
}
