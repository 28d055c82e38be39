import { useCallback, useEffect, useRef, type PointerEvent } from "react";

/**
 * How long after a touch is lifted its tap may still arrive: a tap's click comes as its own
 * input event after `pointerup`, a mouse's click in the same task.
 */
const TAP_AFTER_LIFT_MS = 400;

function isSubmitButtonOf(form: HTMLFormElement, target: EventTarget | null): boolean {
  const control = target instanceof Element ? target.closest("button, input") : null;
  return (
    (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) &&
    control.type === "submit" &&
    control.form === form
  );
}

/**
 * Keeps the first click on a submit button from being lost. Pressing the button blurs the field
 * being edited; if that blur revealed the field's error, the error would push the button down
 * before the pointer comes up, and the click would land beside it. So while a pointer presses
 * one of the form's submit buttons, a blur does not reveal anything: `holds(name)` keeps the
 * field back, and once the press ends (its click, a cancel, or a release elsewhere) the held
 * fields are revealed. The submit that the click starts shows every error anyway. Keyboard
 * focus changes (Tab to the button) involve no pointer press, so they reveal errors as before.
 */
export function useSubmitPress(reveal: (names: readonly string[]) => void) {
  const held = useRef<Set<string> | null>(null);
  const endPress = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      held.current = null;
      endPress.current?.();
    },
    [],
  );

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLFormElement>) => {
      if (event.button !== 0 || !isSubmitButtonOf(event.currentTarget, event.target)) return;
      endPress.current?.();
      held.current = new Set();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const afterLift = () => {
        timer = setTimeout(end, event.pointerType === "mouse" ? 0 : TAP_AFTER_LIFT_MS);
      };
      function end() {
        clearTimeout(timer);
        window.removeEventListener("click", end, true);
        window.removeEventListener("pointercancel", end);
        window.removeEventListener("pointerup", afterLift);
        endPress.current = null;
        const names = held.current;
        held.current = null;
        if (names && names.size > 0) reveal([...names]);
      }
      window.addEventListener("click", end, true);
      window.addEventListener("pointercancel", end);
      window.addEventListener("pointerup", afterLift);
      endPress.current = end;
    },
    [reveal],
  );

  return {
    onPointerDown,
    /** True when a press on a submit button is under way; the field is then revealed after it. */
    holds(name: string): boolean {
      held.current?.add(name);
      return held.current !== null;
    },
  };
}
