/**
 * StepContext: one step's view of a run — its loop state (read at the start, written once at the
 * end with a version check), the frozen profile, the tool snapshot, journal helpers and the
 * hidden documents. Built by step-runner.ts for every step.
 *
 * The profile of every step is rebuilt from the run's frozen strict v3 document
 * (`input/resolved_profile.json`, docs/spec/profiles.md) with `readFrozenProfile`; the stored
 * profile is never looked up again, so editing or deleting it mid-run does not change the run.
 */
import { AppError } from "../../../domain/errors";
import type { AgentEventType, AgentRunEvent, EventLevel } from "../../../domain/agent/run-events";
import type { AgentRunRecord } from "../../../domain/agent/run-record";
import type { AgentRunStatus } from "../../../domain/agent/run-status";
import { invocationDocPrefix, type LoopState } from "../../../domain/agent/loop/loop-state";
import type { ResolvedAgentProfile } from "../../../domain/agent/loop/profile";
import type { PromptSnapshot } from "../../../domain/agent/loop/prompt-snapshot";
import { readFrozenProfile } from "../../../domain/profiles/resolved";
import { readInvocationToolSnapshot, type InvocationToolSnapshot } from "../../../domain/tools/snapshot";
import { stepRef } from "../../../domain/agent/loop/step-ref";
import type { WaitingKind, WaitingOn } from "../../../domain/agent/run-record";
import { STEP_JOB, type LoopDeps } from "./deps";

export const PROMPT_SNAPSHOT_DOC = "input/prompt_snapshot.json";
export const RESOLVED_PROFILE_DOC = "input/resolved_profile.json";
export const PERSIST_SNAPSHOT_DOC = "input/persist_snapshot.json";
export const TOOL_SNAPSHOT_DOC = "invocations/inv_root.tools.json";

/** The tool snapshot document of an invocation (`invocations/<id>.tools.json`). */
export const toolSnapshotDoc = (invocationId: string) => `invocations/${invocationId}.tools.json`;
export const APPEND_TEXT_DOC = "commit/append.txt";

/** One event for `StepContext.emitAll`: type, payload, optional level. */
export type JournalEntry = [AgentEventType, Record<string, unknown> | null, EventLevel?];

export class StepContext {
  private snapshotCache: InvocationToolSnapshot | undefined;
  private profileCache: ResolvedAgentProfile | undefined;

  constructor(
    readonly deps: LoopDeps,
    readonly run: AgentRunRecord,
    public state: LoopState,
    private version: number,
    readonly signal: AbortSignal,
  ) {}

  get runId(): string {
    return this.run.runId;
  }

  /** True for a return-mode child invocation (docs/spec/agent-delegation.md §4). */
  get isChild(): boolean {
    return this.state.invocation?.kind === "subagent";
  }

  /** An invocation-owned document's stored name (`invocations/<id>/<name>` for a child). */
  docName(name: string): string {
    return `${invocationDocPrefix(this.state.invocationId)}${name}`;
  }

  /** The step memo's key of this invocation's conversation. */
  get memoKey(): string {
    return this.state.invocation ? `${this.runId}/${this.state.invocationId}` : this.runId;
  }

  /** Appends a journal event (delivered live). */
  emit(type: AgentEventType, payload: Record<string, unknown> | null, level?: EventLevel): AgentRunEvent {
    return this.deps.journal.append(this.runId, this.eventInput(type, payload, level));
  }

  /**
   * Appends consecutive journal events in order, as `emit` one by one would, in one journal write
   * when the store can (docs/decisions/3450). `events`: `[type, payload, level?]` each.
   */
  emitAll(events: readonly JournalEntry[]): AgentRunEvent[] {
    return this.deps.journal.appendMany(
      this.runId,
      events.map(([type, payload, level]) => this.eventInput(type, payload, level)),
    );
  }

  private eventInput(type: AgentEventType, payload: Record<string, unknown> | null, level?: EventLevel) {
    return {
      type,
      payload,
      ...(level ? { level } : {}),
      // Events without their own invocationId belong to this step's invocation.
      ...(payload && typeof payload.invocationId === "string" ? {} : { invocationId: this.state.invocationId }),
    };
  }

  /**
   * Moves the run to `status` (journals status_changed; broadcasts agent.run_changed). A child
   * invocation never changes the run's status: the run's status is its foreground invocation's
   * (docs/spec/agent-delegation.md §4). `then`: events that follow at once, journaled with the
   * status change in one write (a child journals them alone). `waitOn`: what the run waits on
   * from now, written with the status (as `waitOn(kind, detail)` would say it; docs/decisions/3650).
   */
  status(
    status: AgentRunStatus,
    then: readonly JournalEntry[] = [],
    waitOn?: { kind: WaitingKind; detail?: string },
  ): void {
    if (this.isChild) {
      if (then.length > 0) this.emitAll(then);
      return;
    }
    this.deps.runs.transition(
      this.runId,
      status,
      then.map(([type, payload, level]) => this.eventInput(type, payload, level)),
      waitOn ? this.waiting(waitOn.kind, waitOn.detail) : undefined,
    );
  }

  /** True when the user asked to cancel (run `cancelling`) or this step was aborted. */
  cancelRequested(): boolean {
    if (this.signal.aborted) return true;
    const current = this.deps.runs.find(this.runId);
    return !current || current.status === "cancelling" || current.status === "cancelled";
  }

  /** This step's scheduler ref (`<runId>/<invocationId>`). */
  get ref(): string {
    return stepRef(this.runId, this.state.invocationId);
  }

  /** Persists the state (optimistic version check). */
  save(): void {
    this.version = this.deps.store.writeState(
      this.runId,
      JSON.stringify(this.state),
      this.version,
      this.deps.clock.now(),
      this.state.invocationId,
    );
  }

  /** Saves and schedules the next step at `dueAt` (default now). */
  next(dueAt: number = this.deps.clock.now()): void {
    this.save();
    this.deps.scheduler.schedule(STEP_JOB, this.ref, dueAt);
  }

  /**
   * Says what the run waits on now (null: nothing), pushed to every device with
   * `agent.run_changed` (docs/spec/scheduling.md "waitingOn").
   */
  waitOn(kind: WaitingKind | null, detail?: string): void {
    // The run's waitingOn is its foreground invocation's; a child's waits do not replace it.
    if (this.isChild) return;
    this.deps.runs.setWaitingOn(this.runId, kind === null ? null : this.waiting(kind, detail));
  }

  private waiting(kind: WaitingKind, detail?: string): WaitingOn {
    return { kind, since: this.deps.clock.now(), ...(detail ? { detail } : {}) };
  }

  /**
   * The loop's view of the run's frozen v3 profile (parsed strictly, never migrated). A frozen
   * copy that is not a valid v3 document throws its profile code (e.g.
   * `agent.profile_schema_unsupported`) and the run fails.
   */
  profile(): ResolvedAgentProfile {
    const name = this.state.invocation ? this.docName("resolved_profile.json") : RESOLVED_PROFILE_DOC;
    this.profileCache ??= this.parsedDoc(name, (text) => readFrozenProfile(JSON.parse(text)));
    return this.profileCache;
  }

  promptSnapshot(): PromptSnapshot {
    return this.parsedDoc(PROMPT_SNAPSHOT_DOC, (text) => JSON.parse(text) as PromptSnapshot);
  }

  toolSnapshot(): InvocationToolSnapshot {
    this.snapshotCache ??= this.parsedDoc(toolSnapshotDoc(this.state.invocationId), (text) =>
      readInvocationToolSnapshot(JSON.parse(text)),
    );
    return this.snapshotCache;
  }

  /**
   * `parse(text)` of a required document: the text is read from SQLite every time, parsed (and
   * validated) once per distinct text when the step memo is there (docs/decisions/3101). Shared
   * between steps: do not mutate the result.
   */
  private parsedDoc<T>(name: string, parse: (text: string) => T): T {
    const text = this.requireDoc(name);
    return this.deps.memo ? this.deps.memo.parsed(this.runId, name, text, parse) : parse(text);
  }

  putDoc(name: string, text: string): void {
    this.deps.store.putDoc(this.runId, name, text);
  }

  /** Several documents `[name, text]` in as few writes as the store can (docs/decisions/3600). */
  putDocs(docs: ReadonlyArray<readonly [name: string, text: string]>): void {
    this.deps.store.putDocs(this.runId, docs);
  }

  doc(name: string): string | null {
    return this.deps.store.getDoc(this.runId, name);
  }

  requireDoc(name: string): string {
    const text = this.doc(name);
    if (text === null)
      throw new AppError("agent.loop_state_invalid", `The run's stored ${name} is missing.`, {
        runId: this.runId,
        name,
      });
    return text;
  }
}
