/**
 * Model gateway errors (docs/spec/agent-runtime.md §7): every failure of one model step is a ModelError with a
 * dotted `model.*` code and `retryable`. The gateway never retries; the runtime decides (docs/spec/agent-runtime.md §7
 * "Retry": only rate limits and transient transport/provider-availability errors are retried).
 * `details` = `{retryable, status?, providerCode?, retryAfterMs?}`; never a secret or a request body.
 */
import { AppError } from "../errors";

/** The `model.*` codes this gateway raises, with whether each is retryable. */
export const MODEL_ERROR_RETRYABLE = {
  "model.provider_rate_limited": true,
  "model.request_failed": true,
  "model.upstream_invalid_response": true,
  "model.stream_failed": true,
  "model.provider_denied": false,
  "model.provider_refusal": false,
  "model.output_truncated": false,
  "model.invalid_tool_call": false,
  "model.request_build_failed": false,
  "model.provider_rejected": false,
  "model.native_metadata_lost": false,
  "model.cancelled": false,
} as const;

/** A `model.*` error code. `model.provider_rejected` (a 4xx the provider explained) is a hosted extension. */
export type ModelErrorCode = keyof typeof MODEL_ERROR_RETRYABLE;

export interface ModelErrorDetails {
  /** HTTP status the provider answered, when there was one. */
  status?: number;
  /** The provider's own error code/type string (e.g. `invalid_request_error`). */
  providerCode?: string;
  /** The provider's own error message alone (scrubbed, ≤ 300 chars), for a client's "Provider said" line. */
  providerMessage?: string;
  /** Retry-After of a 429, in ms, when the provider sent one. */
  retryAfterMs?: number;
  /** Which tool call was at fault (`model.invalid_tool_call`). */
  toolCallIndex?: number;
  /** The repeated id, and the 0-based index of its first call (duplicate ids, docs/decisions/1471). */
  toolCallId?: string;
  firstIndex?: number;
  /** The step's time limit that ran out, ms. */
  timeoutMs?: number;
}

/** The error of a failed model step. `retryable` is also in `details` (it survives RPC). */
export class ModelError extends AppError {
  readonly retryable: boolean;

  constructor(
    code: ModelErrorCode,
    message: string,
    details: ModelErrorDetails = {},
    retryable: boolean = MODEL_ERROR_RETRYABLE[code],
  ) {
    super(code, message, { ...stripUndefined(details), retryable });
    this.name = "ModelError";
    this.retryable = retryable;
  }
}

/** True when `error` is a retryable model error (ModelError or its RPC-flattened AppError form). */
export function isRetryableModelError(error: unknown): boolean {
  if (error instanceof ModelError) return error.retryable;
  if (error instanceof AppError) return error.details?.retryable === true;
  return false;
}

function stripUndefined(details: ModelErrorDetails): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
}
