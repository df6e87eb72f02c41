/**
 * Keyboard users land back on a row's main button when its inline form or confirmation closes:
 * returns a ref for that button; focus moves to it when `mode` goes back to "view".
 */
import { useEffect, useRef } from "react";

export function useReturnFocus(mode: string) {
  const target = useRef<HTMLButtonElement>(null);
  const leftView = useRef(false);
  useEffect(() => {
    if (mode !== "view") leftView.current = true;
    else if (leftView.current) {
      leftView.current = false;
      target.current?.focus();
    }
  }, [mode]);
  return target;
}
