/**
 * Agent run shapes (docs/spec/agent-runtime.md §3, §9; docs/api.md "Agent runs"). Statuses are snake_case.
 * Journal events are `AgentRunEvent` from api/types.ts.
 */

export const RUN_STATUSES = [
  "created",
  "initializing_workspace",
  "assembling_context",
  "calling_model",
  "dispatching_tool",
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
export type RunStatus = (typeof RUN_STATUSES)[number];

export const TERMINAL_STATUSES: readonly string[] = ["completed", "partial_success", "cancelled", "failed"];
export const ACTIVE_STATUSES: readonly string[] = RUN_STATUSES.filter((s) => !TERMINAL_STATUSES.includes(s));

export function isTerminal(status: string): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** "calling_model" → "Calling model", "partial_success" → "Partial success". */
export function statusLabel(status: string): string {
  const text = status.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** POST /agent/runs and /cancel answer. */
export interface RunHandle {
  runId: string;
  status: string;
  workspaceId: string;
  stableChatId: string;
  generationType: string;
}

/** GET /agent/runs/:runId and the list rows. */
export interface RunSummary extends RunHandle {
  profileId?: string;
  inputMessageCount?: number;
  presentation: string;
  createdAt: string;
  updatedAt: string;
  commitCount: number;
  committedMessage?: { commitId: string; messageId: string; messageIndex?: number; committedAt: string };
  terminalAt?: string;
}

/** GET /agent/profiles rows. */
export interface ProfileSummary {
  id: string;
  displayName: string;
  description?: string;
  directRunnable: boolean;
  readOnly: boolean;
}

/** A chat-completion message of the prompt snapshot. */
export interface SnapshotMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** POST /agent/runs body (docs/spec/agent-runtime.md §9 startRunWithPromptSnapshot). */
export interface StartRunBody {
  stableChatId: string;
  generationType: "normal";
  profileId?: string;
  connectionId?: string;
  promptSnapshot: { chatCompletionPayload: { messages: SnapshotMessage[] } };
}
