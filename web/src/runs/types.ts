/**
 * Agent run shapes (docs/spec/agent-runtime.md §3, §9; docs/api.md "Agent runs"), from src/contracts
 * (type-only). Statuses are snake_case. Journal events are `AgentRunEvent` from api/types.ts.
 */
import type { AgentRunStatus } from "../../../src/contracts/agent-run-views";

export type {
  AgentRunHandle as RunHandle,
  AgentRunPage as RunPage,
  AgentRunStatus as RunStatus,
  AgentRunSummary as RunSummary,
  WaitingOnView as WaitingOn,
} from "../../../src/contracts/agent-run-views";
export type { StartRunRequest as StartRunBody } from "../../../src/contracts/agent-loop";
export type { ProfileSummary } from "../../../src/contracts/profile-views";

/** Whether each status the server knows is terminal (a status added there fails this type until listed). */
const IS_TERMINAL: Record<AgentRunStatus, boolean> = {
  created: false,
  initializing_workspace: false,
  assembling_context: false,
  calling_model: false,
  dispatching_tool: false,
  awaiting_approval: false,
  applying_workspace_patch: false,
  creating_checkpoint: false,
  awaiting_host_commit: false,
  finishing: false,
  completed: true,
  partial_success: true,
  cancelling: false,
  cancelled: true,
  failed: true,
};
const RUN_STATUSES = Object.keys(IS_TERMINAL) as AgentRunStatus[];

export const TERMINAL_STATUSES: readonly string[] = RUN_STATUSES.filter((s) => IS_TERMINAL[s]);
export const ACTIVE_STATUSES: readonly string[] = RUN_STATUSES.filter((s) => !IS_TERMINAL[s]);

/** True for a status the server knows (e.g. read from a journal event's untyped payload). */
export function isRunStatus(value: unknown): value is AgentRunStatus {
  return typeof value === "string" && Object.hasOwn(IS_TERMINAL, value);
}

export function isTerminal(status: string): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** "calling_model" → "Calling model", "partial_success" → "Partial success". */
export function statusLabel(status: string): string {
  const text = status.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
