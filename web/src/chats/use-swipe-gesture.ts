/**
 * Horizontal swipe on the last reply (touch or pen): a pointer that moves at least 48 CSS px
 * sideways, and more sideways than up or down, calls `onSwipe("left" | "right")` as it lifts.
 * "left" (finger moves left) shows the next alternative, as on SillyTavern's phone layout; "right"
 * the previous one. The element needs `touch-action: pan-y` so the browser keeps vertical scrolling.
 */
import { useRef, type PointerEvent } from "react";

export const SWIPE_MIN_PX = 48;

export function useSwipeGesture(onSwipe: ((direction: "left" | "right") => void) | null) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  if (!onSwipe) return {};
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === "mouse") return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) onSwipe(dx < 0 ? "left" : "right");
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
