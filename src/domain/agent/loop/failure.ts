/**
 * Terminal failure payloads (docs/spec/agent-runtime.md §3 (failure)): `run_failed` =
 * `{code, message, technicalMessage, retryable, userRetryable, details}`; `run_partial_success`
 * adds `preservedCommitCount` and `preservedCommits` with retryable/userRetryable false.
 */
import { AppError } from "../../errors";
import type { CommitLedgerEntry } from "./loop-state";
import type { ErrorCode } from "../../errors";

/** Drift codes a person may retry by hand (never automatically). */
export const DRIFT_CODES = new Set([
  "model.tool_call_required",
  "agent.tool_after_finish",
  "agent.max_tool_rounds_exceeded",
]);

const RETRYABLE_CODES = new Set([
  "model.provider_rate_limited",
  "model.request_failed",
  "model.upstream_invalid_response",
  "model.stream_failed",
]);

/** Why a run stops (built from an error). */
export interface RunFailure {
  code: ErrorCode;
  message: string;
  technicalMessage: string;
  retryable: boolean;
  details: Record<string, unknown>;
}

const DOTTED = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

/** Classifies any error as a RunFailure (unknown errors → `agent.internal_error`, not retryable). */
export function failureOf(error: unknown): RunFailure {
  if (error instanceof AppError && DOTTED.test(error.code)) {
    const retryable = error.details?.retryable === true || RETRYABLE_CODES.has(error.code);
    const { retryable: _r, ...details } = error.details ?? {};
    return {
      code: error.code,
      message: error.message,
      technicalMessage: `${error.code}: ${error.message}`,
      retryable,
      details,
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  return {
    code: "agent.internal_error",
    message: "The agent run stopped because of an internal error.",
    technicalMessage: text.slice(0, 500),
    retryable: false,
    details: {},
  };
}

/** `run_failed` payload. */
export function runFailedPayload(failure: RunFailure): Record<string, unknown> {
  return {
    code: failure.code,
    message: failure.message,
    technicalMessage: failure.technicalMessage,
    retryable: failure.retryable,
    userRetryable: failure.retryable || DRIFT_CODES.has(failure.code),
    details: failure.details,
  };
}

/** `run_partial_success` payload (commits preserved, never rolled back). */
export function runPartialSuccessPayload(
  failure: RunFailure,
  commits: readonly CommitLedgerEntry[],
): Record<string, unknown> {
  return {
    code: failure.code,
    message: failure.message,
    technicalMessage: failure.technicalMessage,
    retryable: false,
    userRetryable: false,
    details: failure.details,
    preservedCommitCount: commits.length,
    preservedCommits: commits.map((c) => ({ path: c.path, mode: c.mode, messageId: c.messageId, round: c.round })),
  };
}
