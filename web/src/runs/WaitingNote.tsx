/**
 * What a running run waits on (docs/spec/scheduling.md §5): "Waiting for the model (gpt-x) · 12 s",
 * "Queued: waiting for a free connection · 3 s". Ticks once a second while shown; nothing when the
 * run does not wait.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WaitingOn } from "./types";

/** Whole seconds waited since `since` (RFC 3339) at `now` (ms epoch), never negative. */
export function waitedSeconds(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
}

export function WaitingNote({ waitingOn }: { waitingOn: WaitingOn | null | undefined }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!waitingOn) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitingOn]);
  if (!waitingOn) return null;
  const named = (waitingOn.kind === "model" || waitingOn.kind === "tool") && waitingOn.detail;
  const label = named
    ? t(`waiting.${waitingOn.kind}Named`, { detail: waitingOn.detail })
    : t(`waiting.${waitingOn.kind}`);
  const seconds = waitedSeconds(waitingOn.since, now);
  const elapsed =
    seconds < 60
      ? t("waiting.seconds", { seconds })
      : t("waiting.minutes", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  return (
    <span className="run-waiting muted" data-testid="run-waiting" data-kind={waitingOn.kind}>
      {label} · {elapsed}
    </span>
  );
}
