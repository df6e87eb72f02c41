/**
 * The invocations and tasks of a run as a timeline reads them (docs/spec/agent-delegation.md
 * §7.1): `GET /agent/runs/:runId/invocations` → AgentRunInvocations, built from the invocation and
 * task rows (not from events), in creation order. A run started before delegation existed has no
 * rows: its root is reported from the run record. Errors: `agent.run_not_found`.
 */
import type { AgentRunInvocations } from "../../contracts/agent-delegation";
import type { DelegationStore } from "../../ports/delegation-store";
import type { RunRecordService } from "./run-records";

const iso = (ms: number) => new Date(ms).toISOString();

export function readRunInvocations(
  deps: { runs: RunRecordService; delegation: DelegationStore },
  runId: string,
): AgentRunInvocations {
  const run = deps.runs.get(runId);
  const rows = deps.delegation.invocations(runId);
  const invocations = rows.map((r) => ({
    invocationId: r.invocationId,
    parentInvocationId: r.parentInvocationId,
    profileId: r.profileId,
    kind: r.kind,
    status: r.status,
    exitPolicy: r.exitPolicy,
    taskId: r.taskId,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }));
  if (!rows.some((r) => r.invocationId === "inv_root"))
    invocations.unshift({
      invocationId: "inv_root",
      parentInvocationId: null,
      profileId: run.profileId ?? "default-writer",
      kind: "root",
      status: "running",
      exitPolicy: "run_finish_allowed",
      taskId: null,
      createdAt: iso(run.createdAt),
      updatedAt: iso(run.updatedAt),
    });
  const delegationEdges = deps.delegation.tasks(runId).map((t) => ({
    taskId: t.taskId,
    sourceInvocationId: t.parentInvocationId,
    targetInvocationId: t.childInvocationId,
    targetProfileId: t.targetProfileId,
    workspaceKey: t.workspaceKey,
    continuation: t.continuation,
    status: t.status,
    delegateCallId: t.delegateCallId,
    delegateRound: t.delegateRound,
    title: typeof t.brief.title === "string" ? t.brief.title : null,
    objective: t.brief.objective,
    summary: t.summary,
    resultRef: t.resultRef,
    error: t.error,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  }));
  return {
    runId,
    foregroundInvocationIds: invocations.filter((i) => i.kind !== "subagent").map((i) => i.invocationId),
    invocations,
    delegationEdges,
  };
}
