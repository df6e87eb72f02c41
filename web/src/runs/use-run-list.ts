/**
 * Runs newest first (GET /api/v1/agent/runs?stableChatId=&statuses=, 25 per page, "Load more"
 * follows nextCursor), kept live: `agent.run_changed {runId, status, waitingOn, commitCount}` updates a listed run (an
 * unknown one reloads the first page) and `agent.run_removed {runId}` drops it. Only the newest
 * request's answer is shown: after a filter change, a late answer for the previous filter is dropped.
 */
import { useEffect, useRef, useState } from "react";
import { useServices } from "../state/services";
import { latestAnswerGate } from "../state/latest-answer";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import type { RunSummary } from "./types";
import { useRunsApi } from "./use-runs-api";

export function useRunList(chatId: string | null, statuses: readonly string[]) {
  const { socket } = useServices();
  const runs = useRunsApi();
  const [list, setList] = useState<RunSummary[] | null>(null);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const filter = { ...(chatId ? { stableChatId: chatId } : {}), statuses };
  const key = `${chatId ?? ""}|${statuses.join(",")}`;
  const gate = useRef(latestAnswerGate()).current;
  const first = useAction(
    async () => {
      const isLatest = gate.begin();
      const page = await runs.list(filter);
      if (!isLatest()) return;
      setList(page.runs);
      setCursor(page.nextCursor);
    },
    { toastErrors: false },
  );
  const more = useAction(async (from: string) => {
    const isLatest = gate.follow();
    const page = await runs.list({ ...filter, cursor: from });
    if (!isLatest()) return;
    setList((current) => [
      ...(current ?? []),
      ...page.runs.filter((r) => !(current ?? []).some((c) => c.runId === r.runId)),
    ]);
    setCursor(page.nextCursor);
  });
  const { run: reload } = first;
  useEffect(() => {
    void reload();
  }, [reload, key]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "agent.run_changed", (frame) => {
    const { runId, status, waitingOn, commitCount } = frame;
    if (list?.some((r) => r.runId === runId)) {
      setList(
        (current) => current?.map((r) => (r.runId === runId ? { ...r, status, waitingOn, commitCount } : r)) ?? current,
      );
      if (statuses.length > 0 && !statuses.includes(status))
        setList((current) => current?.filter((r) => r.runId !== runId) ?? current);
    } else if (statuses.length === 0 || statuses.includes(status)) void reload();
  });
  useFrame(socket, "agent.run_removed", (frame) =>
    setList((current) => current?.filter((r) => r.runId !== frame.runId) ?? current),
  );
  return {
    runs: list,
    loading: first.busy,
    error: first.error,
    reload,
    hasMore: cursor !== undefined,
    loadMore: () => (cursor ? void more.run(cursor) : undefined),
    loadingMore: more.busy,
  };
}
