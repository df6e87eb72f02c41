/**
 * The user's pending tool-call approvals (docs/spec/approvals.md), live on every screen:
 * GET /api/v1/approvals?status=pending on start and after a reconnect; `approval.requested` adds one,
 * `approval.resolved` removes it. `decide(id, decision)` answers POST /api/v1/approvals/:id; an
 * approval another device answered first (409 approval.already_resolved) simply disappears.
 */
import { useCallback, useEffect, useState } from "react";
import type { ApprovalDecision, ApprovalView } from "../../../src/contracts/approval-views";
import { ApiError } from "../api/client";
import { useServices } from "../state/services";
import { useFrame, useReconnected } from "../state/use-socket";

export type { ApprovalDecision, ApprovalView };

export function useApprovals() {
  const { api, socket } = useServices();
  const [pending, setPending] = useState<ApprovalView[]>([]);
  /** Bumped by every new request (the prompt opens itself). */
  const [requestedCount, setRequestedCount] = useState(0);

  const reload = useCallback(async () => {
    try {
      const { approvals } = await api.get<{ approvals: ApprovalView[] }>("/approvals?status=pending");
      setPending(approvals);
    } catch {
      // Offline: the list is reloaded on reconnect.
    }
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "approval.requested", (frame) => {
    setPending((current) => (current.some((a) => a.id === frame.approval.id) ? current : [...current, frame.approval]));
    setRequestedCount((n) => n + 1);
  });
  useFrame(socket, "approval.resolved", (frame) =>
    setPending((current) => current.filter((a) => a.id !== frame.approval.id)),
  );

  const decide = useCallback(
    async (id: string, decision: ApprovalDecision) => {
      try {
        await api.post<ApprovalView>(`/approvals/${encodeURIComponent(id)}`, { decision });
      } catch (error) {
        if (!(error instanceof ApiError && error.code === "approval.already_resolved")) throw error;
      }
      setPending((current) => current.filter((a) => a.id !== id));
    },
    [api],
  );

  return { pending, requestedCount, decide };
}
