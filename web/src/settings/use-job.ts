/**
 * Follows an export or restore job until it ends: its `export.progress` / `restore.progress`
 * frames update the bar at once, and the job is read again on each frame, after a socket
 * reconnect (a frame missed while offline is never lost) and once right after following starts
 * (a small job can finish, and send its last frame, before the request that started it answers).
 * Only the answer of the latest read is applied (state/latest-answer.ts), and every frame and read goes through
 * `mergeJobView` (job-merge.ts): `done` never moves backwards and a terminal status from a frame
 * or a read is never replaced by `running`. A frame's status is applied at once, so the last
 * frame ends the job on screen even when the read it triggers fails.
 */
import { useCallback, useRef, useState } from "react";
import { useFrame, useReconnected } from "../state/use-socket";
import { latestAnswerGate } from "../state/latest-answer";
import { useServices } from "../state/services";
import { type JobProgressShape, mergeJobView } from "./job-merge";

/**
 * `{view, follow(id, first), reset(), refresh()}` for one job at a time; `read(id)` is the job's GET.
 */
export function useJob<T extends JobProgressShape>(
  kind: "export.progress" | "restore.progress",
  idOf: (frame: { exportId?: string; restoreId?: string }) => string | undefined,
  read: (id: string) => Promise<T>,
) {
  const { socket } = useServices();
  // A ref, not state: a frame that arrives before the next render must already see the id.
  const idRef = useRef<string | null>(null);
  const gate = useRef(latestAnswerGate()).current;
  const [view, setView] = useState<T | null>(null);
  const refresh = useCallback(
    async (which: string) => {
      const isLatest = gate.begin();
      try {
        const next = await read(which);
        if (isLatest() && idRef.current === which) setView((current) => mergeJobView(current, next));
      } catch {
        /* the next frame or reconnect reads it again */
      }
    },
    [read, gate],
  );
  useFrame(socket, kind, (frame) => {
    const id = idRef.current;
    const frameId = idOf(frame as { exportId?: string; restoreId?: string });
    if (!id || frameId !== id) return;
    setView((current) =>
      current
        ? mergeJobView(current, { ...current, done: frame.done, total: frame.total, status: frame.status })
        : current,
    );
    void refresh(id);
  });
  useReconnected(socket, () => {
    if (idRef.current) void refresh(idRef.current);
  });
  const follow = useCallback(
    (which: string, first: T) => {
      idRef.current = which;
      setView(first);
      void refresh(which);
    },
    [refresh],
  );
  /** Follows `which` only when no job is followed yet: the latest job listed after a (re)load. */
  const resume = useCallback(
    (which: string, first: T) => {
      if (idRef.current === null) follow(which, first);
    },
    [follow],
  );
  const reset = useCallback(() => {
    idRef.current = null;
    gate.begin(); // an answer in flight for the job left behind is dropped
    setView(null);
  }, [gate]);
  return { view, follow, resume, reset, refresh: () => (idRef.current ? refresh(idRef.current) : Promise.resolve()) };
}
