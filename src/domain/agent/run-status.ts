/**
 * The run status machine (docs/spec/agent-runtime.md §3). Statuses are snake_case on the wire.
 *
 * Rules enforced by `assertTransition` (hosted reading of docs/spec/agent-runtime.md §3, see ADR 1101):
 * - a terminal status (`completed`, `partial_success`, `cancelled`, `failed`) never changes;
 * - `created` → any working status, `cancelling`, `cancelled` or `failed`;
 * - a working status → any working status (the same one again too: one `dispatching_tool` per tool
 *   call), `cancelling`, `failed`, `partial_success`, `cancelled`; `completed` only from `finishing`;
 * - `cancelling` → `cancelled`, `failed` or `partial_success`.
 * `awaiting_approval` (a tool call set to Ask waits for the user, docs/spec/approvals.md; ADR 2200) is
 * a working status like the others.
 * A refused transition throws `agent.run_status_conflict` (409) with `details.current`.
 */
import { AppError } from "../errors";

export const AGENT_RUN_STATUSES = [
  "created",
  "initializing_workspace",
  "assembling_context",
  "calling_model",
  "dispatching_tool",
  "awaiting_approval",
  "applying_workspace_patch",
  "creating_checkpoint",
  "awaiting_host_commit",
  "finishing",
  "completed",
  "partial_success",
  "cancelling",
  "cancelled",
  "failed",
] as const;

export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];

export const TERMINAL_RUN_STATUSES: readonly AgentRunStatus[] = ["completed", "partial_success", "cancelled", "failed"];

/** Statuses of a run that is doing work (neither created, cancelling nor terminal). */
export const WORKING_RUN_STATUSES: readonly AgentRunStatus[] = [
  "initializing_workspace",
  "assembling_context",
  "calling_model",
  "dispatching_tool",
  "awaiting_approval",
  "applying_workspace_patch",
  "creating_checkpoint",
  "awaiting_host_commit",
  "finishing",
];

export function isAgentRunStatus(value: string): value is AgentRunStatus {
  return (AGENT_RUN_STATUSES as readonly string[]).includes(value);
}

export function isTerminalStatus(status: AgentRunStatus): boolean {
  return TERMINAL_RUN_STATUSES.includes(status);
}

/** True when `from → to` is allowed by the rules above. */
export function canTransition(from: AgentRunStatus, to: AgentRunStatus): boolean {
  if (isTerminalStatus(from)) return false;
  if (to === "created") return false;
  if (from === "cancelling") return to === "cancelled" || to === "failed" || to === "partial_success";
  if (from === "created")
    return WORKING_RUN_STATUSES.includes(to) || to === "cancelling" || to === "cancelled" || to === "failed";
  // from a working status
  if (to === "completed") return from === "finishing";
  return true;
}

/** Throws `agent.run_status_conflict` unless `from → to` is allowed. */
export function assertTransition(runId: string, from: AgentRunStatus, to: AgentRunStatus): void {
  if (canTransition(from, to)) return;
  const why = isTerminalStatus(from) ? `it already ended as ${from}` : `${from} cannot become ${to}`;
  throw new AppError("agent.run_status_conflict", `The run cannot change status: ${why}.`, {
    runId,
    current: { status: from },
    requested: to,
  });
}
