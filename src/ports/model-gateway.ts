/**
 * Port: one model step in the canonical IR (docs/spec/agent-runtime.md §7, §8). Implemented by
 * src/adapters/llm (the only user of the AI SDK). Obtain one for a connection with
 * `modelGatewayFor(space, connectionId?)` from src/composition/models.ts.
 *
 * One call = one model step: no loop, no retries (the SDK's own retries are off), so the runtime
 * can journal each attempt and decide about retries from `ModelError.retryable`.
 */
import type { ModelDelta, ModelRequest, ModelResponse } from "../domain/models/ir";
import type { ModelProvider } from "../domain/models/connection";

/** Per-call options. */
export interface ModelStepOptions {
  /** Aborting it at any point ends the step with `model.cancelled`. */
  signal?: AbortSignal;
  /**
   * Wall-clock limit of the whole step, ms (request + stream). Exceeding it ends the step with
   * `model.request_failed` (retryable, `details.timeoutMs`). No limit when absent.
   */
  timeoutMs?: number;
  /**
   * Stream the step (SSE) instead of one JSON answer. Defaults to `true` when `onDelta` is given,
   * else `false`. The response is the same either way.
   */
  stream?: boolean;
  /** Live-display callback for text/reasoning deltas (streamed steps only). Must not throw. */
  onDelta?: (delta: ModelDelta) => void;
}

/** A model endpoint bound to one connection (provider, base URL, key, model id, defaults). */
export interface ModelGateway {
  readonly provider: ModelProvider;
  readonly modelId: string;
  /**
   * Runs one model step.
   * @returns the assistant message, tool calls (provider ids, arguments text), text, reasoning,
   *   finish reason, usage, opaque provider metadata and the next provider_state.
   * @throws ModelError (`src/domain/models/errors.ts`) with `{code, retryable}`:
   *   `model.provider_rate_limited` (429, retryable), `model.request_failed` (5xx/network/timeout,
   *   retryable; a 3xx redirect, not retryable), `model.upstream_invalid_response` (unreadable
   *   body, retryable), `model.stream_failed` (provider error inside a stream, retryable),
   *   `model.provider_denied` (401/403), `model.provider_rejected` (other 4xx),
   *   `model.provider_refusal`, `model.output_truncated`, `model.invalid_tool_call` (no id),
   *   `model.native_metadata_lost`, `model.request_build_failed`, `model.cancelled`.
   */
  step(request: ModelRequest, options?: ModelStepOptions): Promise<ModelResponse>;
}
