/**
 * The run's foreground invocation (docs/spec/agent-delegation.md §6): the root, or the latest
 * handoff invocation once the run was handed off. It alone commits, finishes, takes guidance and
 * says what the run waits on; the run ends through its state (terminate-run.ts, the watchdog).
 */
import type { DelegationStore } from "../../../ports/delegation-store";

export function foregroundInvocationId(delegation: DelegationStore, runId: string): string {
  const foreground = delegation.invocations(runId).filter((i) => i.kind === "root" || i.kind === "handoff");
  return foreground.at(-1)?.invocationId ?? "inv_root";
}
