/**
 * The journal envelope and event types (docs/spec/journal.md).
 *
 * `AgentRunEvent = {seq, id, runId, timestamp, level, type, payload}`: `seq` starts at 1 and grows by
 * 1 per run with no gap; `timestamp` is RFC 3339 UTC; `payload` is a JSON object (or null) that
 * never inlines large content — it carries paths/refs, chars/words metrics and sha256 — and is
 * capped at MAX_EVENT_PAYLOAD_BYTES, far below the 2 MB SQLite row limit.
 * Object payloads carry `eventScope = {invocationId, relatedInvocationIds?}`, injected centrally.
 */
import { AppError } from "../errors";
import { ROOT_INVOCATION_ID } from "./run-ids";
import { utf8Length } from "../workspace/text-metrics";

export const EVENT_LEVELS = ["debug", "info", "warn", "error"] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

/** Event types written by the runtime (docs/spec/journal.md table). Add a hosted type here before writing it. */
export const AGENT_EVENT_TYPES = [
  "run_created",
  "profile_resolved",
  "generation_intent_recorded",
  "status_changed",
  "workspace_initialized",
  "persistent_projection_initialized",
  "context_assembled",
  "skill_scopes_resolved",
  "agent_model_binding_resolved",
  "prompt_assembly_requested",
  "prompt_assembly_completed",
  "prompt_assembly_failed",
  "agent_invocation_created",
  "agent_invocation_started",
  "agent_invocation_completed",
  "agent_invocation_failed",
  "agent_invocation_cancelled",
  "agent_invocation_transferred",
  "agent_invocation_status_changed",
  "agent_task_registered",
  "agent_task_queued",
  "agent_task_started",
  "agent_task_completed",
  "agent_task_failed",
  "agent_task_cancelled",
  "agent_delegate_started",
  "agent_child_invocation_failed",
  "agent_await_started",
  "agent_await_completed",
  "agent_handoff_requested",
  "agent_handoff_accepted",
  "task_return_completed",
  "task_return_recorded",
  "user_guidance_submitted",
  "user_guidance_applied",
  "user_guidance_discarded",
  "model_request_created",
  "model_call_attempt_started",
  "model_call_attempt_failed",
  "model_call_retry_scheduled",
  "model_response_stored",
  "provider_state_updated",
  "model_completed",
  "direct_output_captured",
  "drift_recovery_attempted",
  "tool_call_requested",
  "tool_call_awaiting_approval",
  "tool_call_approved",
  "tool_call_denied",
  "tool_call_started",
  "tool_result_stored",
  "tool_result_readable_view_stored",
  "tool_call_completed",
  "tool_call_failed",
  "workspace_file_written",
  "workspace_patch_applied",
  "checkpoint_created",
  "chat_commit_started",
  "chat_commit_requested",
  "chat_commit_completed",
  "chat_commit_failed",
  "chat_commit_recorded",
  "agent_loop_finished",
  "persistent_changes_committed",
  "persistent_changes_commit_failed",
  "persistent_state_metadata_update_requested",
  "persistent_state_metadata_updated",
  "persistent_state_metadata_update_failed",
  "run_completed",
  "run_partial_success",
  "run_cancel_requested",
  "run_cancelled",
  "run_failed",
  "run_rollback_targets",
  // [web-timeline]: a commit undone on the chat, a checkpoint made the chat's persistent state.
  "commit_reverted",
  "persist_restored",
] as const;

export type AgentEventType = (typeof AGENT_EVENT_TYPES)[number];

/** Level of each type when the writer gives none (docs/spec/journal.md §4 (level column) column; first listed when two). */
const DEFAULT_LEVELS: Partial<Record<AgentEventType, EventLevel>> = {
  prompt_assembly_failed: "error",
  agent_child_invocation_failed: "warn",
  agent_invocation_failed: "warn",
  agent_task_failed: "warn",
  model_call_attempt_started: "debug",
  model_call_attempt_failed: "warn",
  model_call_retry_scheduled: "warn",
  model_response_stored: "debug",
  provider_state_updated: "debug",
  drift_recovery_attempted: "warn",
  tool_result_stored: "debug",
  tool_result_readable_view_stored: "debug",
  tool_call_failed: "warn",
  tool_call_denied: "warn",
  chat_commit_failed: "error",
  persistent_changes_commit_failed: "error",
  persistent_state_metadata_update_failed: "error",
  run_partial_success: "warn",
  run_failed: "error",
};

export function defaultLevel(type: AgentEventType): EventLevel {
  return DEFAULT_LEVELS[type] ?? "info";
}

/** Largest serialized payload accepted, bytes (UTF-8). */
export const MAX_EVENT_PAYLOAD_BYTES = 128 * 1024;

/** `payload.eventScope` (docs/spec/journal.md). */
export interface EventScope {
  invocationId: string;
  relatedInvocationIds?: string[];
}

/** One journal event as stored and sent (`AgentRunEvent`, docs/spec/agent-runtime.md §9). */
export interface AgentRunEvent {
  seq: number;
  id: string;
  runId: string;
  /** RFC 3339 UTC, ms precision. */
  timestamp: string;
  level: EventLevel;
  type: string;
  payload: Record<string, unknown> | null;
}

/** What a writer gives to append one event. */
export interface AppendEventInput {
  type: AgentEventType;
  /** Defaults per type (docs/spec/journal.md). */
  level?: EventLevel;
  /** A JSON object (summaries, refs, metrics) or null; never large content. */
  payload: Record<string, unknown> | null;
  /** Primary invocation; default `payload.invocationId`, else `inv_root`. */
  invocationId?: string;
  relatedInvocationIds?: string[];
}

/** An event ready for storage: validated, scoped and serialized (the journal assigns `seq`). */
export interface PreparedEvent {
  id: string;
  runId: string;
  at: number;
  level: EventLevel;
  type: string;
  invocationId: string;
  relatedInvocationIds: string[];
  payloadJson: string;
}

const SNAKE = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Validates and serializes an event. Throws `agent.journal_event_invalid` for an unknown level,
 * a non-snake_case type or a payload that is not a JSON object/null, and
 * `agent.journal_payload_too_large` past MAX_EVENT_PAYLOAD_BYTES.
 */
export function prepareEvent(runId: string, input: AppendEventInput, id: string, at: number): PreparedEvent {
  if (!SNAKE.test(input.type))
    throw new AppError("agent.journal_event_invalid", "A journal event type must be snake_case.", {
      type: String(input.type).slice(0, 80),
    });
  const level = input.level ?? defaultLevel(input.type);
  if (!(EVENT_LEVELS as readonly string[]).includes(level))
    throw new AppError("agent.journal_event_invalid", "A journal event level must be debug, info, warn or error.");
  const payload = input.payload;
  if (payload !== null && (typeof payload !== "object" || Array.isArray(payload))) {
    throw new AppError("agent.journal_event_invalid", "A journal event payload must be a JSON object or null.", {
      type: input.type,
    });
  }
  const fromPayload = payload && typeof payload.invocationId === "string" ? payload.invocationId : undefined;
  const invocationId = input.invocationId ?? fromPayload ?? ROOT_INVOCATION_ID;
  const related = [...new Set(input.relatedInvocationIds ?? [])].filter((value) => value !== invocationId);
  const scoped =
    payload === null
      ? null
      : {
          ...payload,
          eventScope: related.length > 0 ? { invocationId, relatedInvocationIds: related } : { invocationId },
        };
  const payloadJson = JSON.stringify(scoped);
  // A UTF-16 unit is at most 3 UTF-8 bytes, so only a payload over a third of the cap is encoded
  // to count its bytes (an encoder per event was a measurable share of an agent round; issue 31).
  if (payloadJson.length * 3 > MAX_EVENT_PAYLOAD_BYTES && utf8Length(payloadJson) > MAX_EVENT_PAYLOAD_BYTES) {
    throw new AppError(
      "agent.journal_payload_too_large",
      `A journal event payload must stay under ${MAX_EVENT_PAYLOAD_BYTES} bytes; store large content in the workspace and journal its path.`,
      { type: input.type },
    );
  }
  return { id, runId, at, level, type: input.type, invocationId, relatedInvocationIds: related, payloadJson };
}
