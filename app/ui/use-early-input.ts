import { type RefObject, useEffect } from 'react';

function nativeSetter(element: HTMLInputElement | HTMLSelectElement, field: 'value' | 'checked') {
  const prototype =
    element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(prototype, field)?.set;
}

/**
 * Keeps what a visitor typed, picked (a date, or a time from a list) or tapped (a radio) in a server-drawn field
 * before React hydrated it. The change is in the element but not in state: React 19.3 neither
 * replays such changes nor resets them (its `enableHydrationChangeEvent` is off), so the next
 * render of the field, or its swap for the live one, would undo them. On a slow phone that is the
 * first word a hurried guest typed, or the start time they tapped.
 *
 * Once hydrated, the field replays the browser's event (`input`; `click` for a radio, which is
 * what React listens to there). React recorded the element's state at hydration as already seen,
 * so the replay first puts back what React rendered (through React's own setter, which updates that
 * record) and then the visitor's change (through the browser's, which it does not see); React's
 * change plugin then hands it to `onChange` like a keystroke or a tap. A radio only replays being
 * chosen: the one it replaced is told by the change of state that follows.
 */
export function useEarlyInput(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  rendered: string | boolean,
): void {
  // Only at hydration: afterwards every change goes through onChange.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state React hydrated with
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    if (typeof rendered === 'boolean') {
      if (rendered || !(input instanceof HTMLInputElement) || !input.checked) return;
      input.checked = false;
      nativeSetter(input, 'checked')?.call(input, true);
      input.dispatchEvent(new Event('click', { bubbles: true }));
      return;
    }
    if (input.value === rendered) return;
    const typed = input.value;
    input.value = rendered;
    nativeSetter(input, 'value')?.call(input, typed);
    // React hears a select's choice as `change`, a text field's as `input`.
    input.dispatchEvent(
      new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }, []);
}
