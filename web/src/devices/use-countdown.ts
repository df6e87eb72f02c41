/** Seconds left until `expiresAt` (ISO), ticking every second; 0 once expired. */
import { useEffect, useState } from "react";

function secondsLeft(expiresAt: string | null): number {
  return expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) : 0;
}

export function useCountdown(expiresAt: string | null): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(expiresAt));
  useEffect(() => {
    setSeconds(secondsLeft(expiresAt));
    if (!expiresAt) return;
    const timer = setInterval(() => setSeconds(secondsLeft(expiresAt)), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return seconds;
}

/** 125 → "2:05". */
export function formatSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
