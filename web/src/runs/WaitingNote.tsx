/**
 * What a running run waits on (docs/spec/scheduling.md "waitingOn"): "Waiting for the model
 * (gpt-x) · 12 s", "Queued: waiting for a free connection…". Ticks once a second while shown.
 */
import { useEffect, useState } from "react";
import type { WaitingOn } from "./types";

const LABELS: Record<WaitingOn["kind"], string> = {
  model: "Waiting for the model",
  tool: "Waiting for the tool",
  approval: "Waiting for your approval",
  child: "Waiting for a sub-agent",
  queue: "Queued",
};

/** "12 s", "3 min 5 s" since `since` (RFC 3339). */
export function waitedFor(since: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export function WaitingNote({ waitingOn }: { waitingOn: WaitingOn | null | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!waitingOn) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitingOn]);
  if (!waitingOn) return null;
  const what =
    waitingOn.kind === "queue"
      ? `${LABELS.queue}: ${waitingOn.detail ?? "waiting for a free connection."}`
      : `${LABELS[waitingOn.kind]}${waitingOn.detail ? ` (${waitingOn.detail})` : ""}`;
  return (
    <span className="run-waiting muted" data-testid="run-waiting" data-kind={waitingOn.kind}>
      {what} · {waitedFor(waitingOn.since, now)}
    </span>
  );
}
