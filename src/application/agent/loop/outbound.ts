/**
 * A step's outbound call (docs/spec/scheduling.md "Outbound calls", docs/decisions/1800): the call
 * waits for one of the object's outbound slots — meanwhile the run says
 * `waitingOn: {kind: "queue"}` — then the run says what it waits on (`model` / `tool`, with
 * `detail`) and `call` runs. Aborting the step's signal while queued rejects without calling.
 */
import type { StepContext } from "./context";

export function outboundCall<T>(
  ctx: StepContext,
  kind: "model" | "tool",
  detail: string | undefined,
  call: () => Promise<T>,
): Promise<T> {
  return ctx.deps.outbound.run(call, {
    signal: ctx.signal,
    onQueued: (ahead) =>
      ctx.waitOn(
        "queue",
        ahead === 0
          ? "Waiting for a free connection; other runs' calls use them all."
          : `Waiting for a free connection; ${ahead} other call${ahead === 1 ? " is" : "s are"} ahead.`,
      ),
    onStart: () => ctx.waitOn(kind, detail),
  });
}
