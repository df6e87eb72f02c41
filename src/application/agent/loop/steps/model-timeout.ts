/**
 * One model attempt under a wall-clock limit (docs/spec/agent-runtime.md §3 step 4, docs/spec/agent-runtime.md §4; docs/decisions/1470).
 * `stepWithTimeout(gateway, request, signal, timeoutMs)` passes `timeoutMs` to the gateway (the
 * real adapter ends the step itself) and also guards the attempt in the loop, so a gateway that
 * ignores the option cannot hang the step: past `timeoutMs` (ms) the attempt is aborted and
 * rejected with a retryable `model.request_failed` (`details.timeoutMs`). Aborting `signal`
 * (cancel) still ends the attempt the gateway's way (`model.cancelled`). With `onDelta` the attempt is
 * streamed and each text/reasoning delta is handed to it (the live timeline, docs/spec/agent-runtime.md §9).
 */
import { ModelError } from "../../../../domain/models/errors";
import type { ModelDelta, ModelRequest, ModelResponse } from "../../../../domain/models/ir";
import type { ModelGateway } from "../../../../ports/model-gateway";

/** Per-attempt model timeout when no development override (`TIMEOUT_OVERRIDES.modelCallMs`) is set, ms. */
export const DEFAULT_MODEL_CALL_MS = 180_000;

/** The error of an attempt that ran past `timeoutMs` (retryable `model.request_failed`). */
export function modelTimeoutError(timeoutMs: number): ModelError {
  return new ModelError(
    "model.request_failed",
    `The model did not answer within ${Math.round(timeoutMs / 100) / 10} s, so the attempt was abandoned.`,
    { timeoutMs },
  );
}

export async function stepWithTimeout(
  gateway: ModelGateway,
  request: ModelRequest,
  signal: AbortSignal,
  timeoutMs: number,
  onDelta?: (delta: ModelDelta) => void,
): Promise<ModelResponse> {
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener("abort", forward, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(modelTimeoutError(timeoutMs));
      controller.abort();
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      gateway.step(request, {
        signal: controller.signal,
        timeoutMs,
        ...(onDelta ? { stream: true, onDelta } : { stream: false }),
      }),
      guard,
    ]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", forward);
  }
}
