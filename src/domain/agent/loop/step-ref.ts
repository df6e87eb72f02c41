/**
 * The key of an agent loop step (docs/spec/scheduling.md "Keys"): a run and one of its
 * invocations. Jobs, leases, in-flight handles and loop state are keyed by it, so child
 * invocations get their own step machines without a rewrite. Encoded as `<runId>/<invocationId>`
 * in the scheduler's `ref`; a bare run id (rows written before schema v10) means the root.
 */
import { ROOT_INVOCATION_ID } from "../run-ids";

export interface StepKey {
  runId: string;
  invocationId: string;
}

/** `<runId>/<invocationId>` (run and invocation ids never contain `/`). */
export function stepRef(runId: string, invocationId: string = ROOT_INVOCATION_ID): string {
  return `${runId}/${invocationId}`;
}

/** The key of a `stepRef` (a bare run id → the root invocation). */
export function parseStepRef(ref: string): StepKey {
  const slash = ref.indexOf("/");
  if (slash < 0) return { runId: ref, invocationId: ROOT_INVOCATION_ID };
  return { runId: ref.slice(0, slash), invocationId: ref.slice(slash + 1) };
}

/** True when `ref` is a step of `runId` (any invocation). */
export function isStepOfRun(ref: string, runId: string): boolean {
  return ref === runId || ref.startsWith(`${runId}/`);
}
