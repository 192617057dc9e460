/**
 * Read-only share fields select their whole text on click or focus (spec §2), so one
 * Ctrl/Cmd+C copies the complete embed code or link.
 */

/** A text control whose content can be selected. */
type TextField = Pick<HTMLInputElement, 'value' | 'select' | 'setSelectionRange'>;

/**
 * Selects all of `field`'s text. `field` is an input or textarea; returns nothing.
 * setSelectionRange after select(): some mobile engines ignore select() on read-only fields.
 */
export function selectAllText(field: TextField) {
  field.select();
  field.setSelectionRange(0, field.value.length);
}

/** Event handler form of selectAllText for onFocus / onClick. */
export function selectAllOnEvent(event: { currentTarget: EventTarget | null }) {
  const field = event.currentTarget as TextField | null;
  if (field && typeof field.select === 'function') selectAllText(field);
}
