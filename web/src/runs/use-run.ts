/**
 * One run, live: its summary (GET /api/v1/agent/runs/:runId, refreshed on `agent.run_changed` for
 * it and after a reconnect) and its journal, followed through `socket.followRun(runId, …, 0)`
 * (the server replays the backlog, then live events, each once and in seq order, also across
 * reconnects). `status_changed` events update the status at once, and a GET answer that went out
 * before an `agent.run_changed` frame does not undo what the frame said (fetched-summary.ts).
 */
import { useEffect, useRef, useState } from "react";
import type { AgentRunEvent } from "../api/types";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import { type LiveSince, settleFetched } from "./fetched-summary";
import { isRunStatus, type RunSummary } from "./types";
import { useRunsApi } from "./use-runs-api";

export function useRun(runId: string) {
  const { socket } = useServices();
  const runs = useRunsApi();
  const [summary, setSummary] = useState<RunSummary | null>(null);
  const [events, setEvents] = useState<AgentRunEvent[]>([]);
  // What `agent.run_changed` frames said while a GET was out: its answer may be older
  // (fetched-summary.ts). Journal events are not counted: a replayed backlog repeats old statuses.
  const since = useRef<LiveSince>({});
  const load = useAction(
    async () => {
      since.current = {};
      const fetched = await runs.get(runId);
      setSummary(settleFetched(fetched, since.current));
    },
    { toastErrors: false },
  );
  const { run: reload } = load;

  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useEffect(() => {
    setEvents([]);
    return socket.followRun(
      runId,
      (event) => {
        setEvents((list) => (list.length > 0 && list[list.length - 1]!.seq >= event.seq ? list : [...list, event]));
        const status =
          event.type === "status_changed" ? (event.payload as { status?: unknown } | null)?.status : undefined;
        if (isRunStatus(status)) setSummary((s) => (s ? { ...s, status } : s));
        if (event.type === "chat_commit_completed" || event.type.startsWith("run_")) void reload();
      },
      0,
    );
  }, [socket, runId, reload]);
  useFrame(socket, "agent.run_changed", (frame) => {
    if (frame.runId !== runId) return;
    since.current = { status: frame.status, waitingOn: frame.waitingOn };
    setSummary((s) => (s ? { ...s, status: frame.status, waitingOn: frame.waitingOn } : s));
  });

  return { summary, setSummary, events, loading: load.busy, error: load.error, reload };
}
