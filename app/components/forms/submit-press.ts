import { useEffect, useRef } from "react";

/**
 * How long after a touch is lifted its tap may still arrive: a tap's click comes as its own
 * input event after `pointerup`, a mouse's click in the same task.
 */
const TAP_AFTER_LIFT_MS = 400;

/**
 * Keeps the first click on a control from being lost. Pressing a button, a checkbox or its label
 * blurs the field being edited; if that blur revealed the field's error, the error would push the
 * pressed control down before the pointer comes up, and the click would land beside it. So while
 * a pointer is pressed anywhere on the page, a blur does not reveal anything: `holds(name)` keeps
 * the field back, and once the press ends (its click, a cancel, or a release elsewhere) the held
 * fields are revealed, after the click has reached its control. A submit that the click starts
 * shows every error anyway. Keyboard focus changes (Tab) press no pointer, so they reveal errors
 * at once as before.
 */
export function useSubmitPress(reveal: (names: readonly string[]) => void) {
  const held = useRef<Set<string> | null>(null);

  useEffect(() => {
    let endPress: (() => void) | null = null;
    function onPointerDown(event: PointerEvent) {
      if (event.button !== 0) return;
      endPress?.();
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
        endPress = null;
        const names = held.current;
        held.current = null;
        if (names && names.size > 0) reveal([...names]);
      }
      window.addEventListener("click", end, true);
      window.addEventListener("pointercancel", end);
      window.addEventListener("pointerup", afterLift);
      endPress = end;
    }
    window.addEventListener("pointerdown", onPointerDown, true);
    return () => {
      window.removeEventListener("pointerdown", onPointerDown, true);
      held.current = null;
      endPress?.();
    };
  }, [reveal]);

  return {
    /** True when a pointer press is under way; the field is then revealed once it ends. */
    holds(name: string): boolean {
      held.current?.add(name);
      return held.current !== null;
    },
  };
}
