/** One running generation: its id, persisted state, abort signal and live stream (docs/spec/generation.md "Steps"). */
import type { GenerationState } from "../../domain/generation/state";
import type { GenerationDeps } from "./deps";
import type { LiveStream } from "./live-stream";

export class GenerationContext {
  /** Set once the generation reached a terminal status. */
  ended = false;
  /** Set when the step parked on a pending approval (no next step is scheduled; docs/spec/approvals.md). */
  parked = false;

  constructor(
    readonly deps: GenerationDeps,
    readonly generationId: string,
    readonly chatId: string,
    public state: GenerationState,
    readonly signal: AbortSignal,
    readonly live: LiveStream,
  ) {}

  /** Persists the step-machine state. */
  save(): void {
    this.deps.store.writeState(this.generationId, this.state, this.deps.clock.now());
  }

  /** True once Stop was asked (this object aborted the step, or the record says `stopping`). */
  stopRequested(): boolean {
    return this.signal.aborted || this.deps.store.get(this.generationId)?.status === "stopping";
  }
}
