import { fromDocument } from '../dom';

/** The focused element, looking through open shadow roots (every embed lives in one). */
export function deepActiveElement(doc: Document = document): HTMLElement | null {
  let active = fromDocument('activeElement', doc) as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}
