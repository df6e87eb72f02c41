/**
 * RunRecordService: agent run records (docs/spec/agent-runtime.md §3, §9) — create, status transitions,
 * summary updates, list with filters and a cursor, delete of terminal runs.
 *
 * Every status change persists the record and journals `status_changed {status}` in one
 * transaction, then delivers that event to the run's subscribers and broadcasts
 * `agent.run_changed {runId, status, waitingOn, commitCount}` to every socket of the user.
 *
 * Error codes: agent.run_not_found (404), agent.run_status_conflict (409, details.current),
 * agent.run_active (409, delete or slim of a non-terminal run), agent.run_slimmed (410, see
 * requireWhole), agent.stable_chat_id_required,
 * agent.invalid_stable_chat_id, input.invalid (bad cursor).
 */
import { AppError } from "../../domain/errors";
import { newRunId, normalizeStableChatId, workspaceIdFor } from "../../domain/agent/run-ids";
import { assertTransition, isTerminalStatus, type AgentRunStatus } from "../../domain/agent/run-status";
import {
  DEFAULT_RUN_PAGE,
  MAX_RUN_PAGE,
  toRunSummary,
  type AgentRunRecord,
  type AgentRunSummary,
  type ChatRef,
  type CommittedMessageRef,
  type GenerationType,
  type Presentation,
  type RunListFilter,
  type SkillScopeRefs,
  type WaitingOn,
  toWaitingOnView,
} from "../../domain/agent/run-record";
import { decodeRunCursor, encodeRunCursor } from "../../domain/agent/run-cursor";
import type { AppendEventInput } from "../../domain/agent/run-events";
import type { RunRepository } from "../../ports/run-repository";
import type { Clock, SocketHub } from "../../ports/space";
import type { JournalService } from "./journal";

/** What the agent loop gives to create a run (docs/spec/agent-runtime.md §3 step 1; the docs/spec/agent-runtime.md §9 summary fields). */
export interface CreateRunInput {
  stableChatId: string;
  /** Default "normal". */
  generationType?: GenerationType;
  /** Default `{kind:"character", chatId: stableChatId}`. */
  chatRef?: ChatRef;
  profileId?: string | null;
  skillScopeRefs?: SkillScopeRefs | null;
  persistBaseStateId?: string | null;
  inputMessageCount?: number | null;
  /** Default "foreground". */
  presentation?: Presentation;
}

/** Summary fields the loop may change while a run goes (never status: use transition). */
export interface RunSummaryPatch {
  profileId?: string | null;
  skillScopeRefs?: SkillScopeRefs | null;
  persistBaseStateId?: string | null;
  inputMessageCount?: number | null;
  commitCount?: number;
  committedMessage?: CommittedMessageRef | null;
}

/** Hook run inside the delete transaction so features can drop their rows of the run. */
export type RunCleanup = (runId: string) => void;

export class RunRecordService {
  constructor(
    private readonly repo: RunRepository,
    private readonly journal: JournalService,
    private readonly clock: Clock,
    private readonly sockets: SocketHub,
    private readonly cleanups: readonly RunCleanup[] = [],
  ) {}

  /**
   * Creates a run in status `created` and journals `run_created {workspaceId, stableChatId,
   * persistBaseStateId, presentation}` as seq 1, in one transaction; broadcasts
   * `agent.run_changed {runId, status:"created"}`. Returns the stored record.
   */
  async create(input: CreateRunInput): Promise<AgentRunRecord> {
    const stableChatId = normalizeStableChatId(input.stableChatId);
    const chatRef = input.chatRef ?? { kind: "character", chatId: stableChatId };
    const workspaceId = await workspaceIdFor(chatRef.kind === "group" ? "group" : "character", stableChatId);
    const now = this.clock.now();
    const run: AgentRunRecord = {
      runId: newRunId(),
      workspaceId,
      stableChatId,
      chatRef,
      generationType: input.generationType ?? "normal",
      profileId: input.profileId ?? null,
      skillScopeRefs: input.skillScopeRefs ?? null,
      persistBaseStateId: input.persistBaseStateId ?? null,
      inputMessageCount: input.inputMessageCount ?? null,
      presentation: input.presentation ?? "foreground",
      status: "created",
      createdAt: now,
      updatedAt: now,
      terminalAt: null,
      commitCount: 0,
      committedMessage: null,
      waitingOn: null,
      slimmedAt: null,
    };
    const event = this.repo.transaction(() => {
      this.repo.insert(run);
      return this.journal.record(run.runId, {
        type: "run_created",
        payload: {
          workspaceId,
          stableChatId,
          persistBaseStateId: run.persistBaseStateId,
          presentation: run.presentation,
        },
      });
    });
    this.journal.publish(event);
    this.sockets.broadcast({
      type: "agent.run_changed",
      runId: run.runId,
      status: run.status,
      waitingOn: null,
      commitCount: run.commitCount,
    });
    return run;
  }

  /** The run or null. */
  find(runId: string): AgentRunRecord | null {
    return this.repo.get(runId);
  }

  /** The run; throws `agent.run_not_found`. */
  get(runId: string): AgentRunRecord {
    const run = this.repo.get(runId);
    if (!run) throw new AppError("agent.run_not_found", "No agent run with this id.", { runId });
    return run;
  }

  /**
   * Moves a run to `status` (rules in domain/agent/run-status.ts): persists status/updatedAt (and
   * terminalAt for a terminal status) and journals `status_changed {status}` in one transaction,
   * then delivers the event and broadcasts `agent.run_changed {runId, status, waitingOn}`. A
   * terminal status clears `waitingOn`. `then`: events that follow the status change at once,
   * journaled right after `status_changed` in the same write (docs/decisions/3600). `waitingOn`:
   * what a non-terminal run waits on from now, set in the same row write (docs/decisions/3650;
   * omitted: unchanged). Synchronous.
   * Throws agent.run_not_found or agent.run_status_conflict (and the journal's event errors).
   */
  transition(
    runId: string,
    status: AgentRunStatus,
    then: readonly AppendEventInput[] = [],
    waitingOn?: WaitingOn,
  ): AgentRunRecord {
    const now = this.clock.now();
    const { run, events } = this.repo.transaction(() => {
      const current = this.get(runId);
      assertTransition(runId, current.status, status);
      const terminal = isTerminalStatus(status);
      const terminalAt = terminal ? now : null;
      const waiting = terminal ? null : (waitingOn ?? current.waitingOn ?? null);
      this.repo.update(runId, {
        status,
        updatedAt: now,
        ...(terminalAt !== null ? { terminalAt, waitingOn: null } : waitingOn ? { waitingOn } : {}),
      });
      const recorded = this.journal.recordMany(runId, [{ type: "status_changed", payload: { status } }, ...then]);
      return {
        run: {
          ...current,
          status,
          updatedAt: now,
          terminalAt: terminalAt ?? current.terminalAt,
          waitingOn: waiting,
        },
        events: recorded,
      };
    });
    for (const event of events) this.journal.publish(event);
    this.sockets.broadcast({
      type: "agent.run_changed",
      runId,
      status,
      waitingOn: toWaitingOnView(run.waitingOn),
      commitCount: run.commitCount,
    });
    return run;
  }

  /**
   * Sets what a non-terminal run waits on (null: nothing) and broadcasts `agent.run_changed
   * {runId, status, waitingOn}` to every device (docs/spec/scheduling.md "waitingOn"). No journal
   * event (waits are journaled by the steps themselves). A terminal run is left unchanged, and so
   * is a run that already waits on the same kind and detail (it keeps its `since`; docs/decisions/3650).
   */
  setWaitingOn(runId: string, waitingOn: WaitingOn | null): AgentRunRecord {
    const current = this.get(runId);
    if (isTerminalStatus(current.status) || sameWait(current.waitingOn ?? null, waitingOn)) return current;
    this.repo.update(runId, { waitingOn });
    const run = { ...current, waitingOn };
    this.sockets.broadcast({
      type: "agent.run_changed",
      runId,
      status: run.status,
      waitingOn: toWaitingOnView(waitingOn),
      commitCount: run.commitCount,
    });
    return run;
  }

  /**
   * Updates summary fields (commit count, committed message, profile…) and updatedAt. A new
   * commit count is broadcast as `agent.run_changed {runId, status, waitingOn, commitCount}` so
   * every device's run list shows it live (docs/api.md "Socket frames").
   */
  update(runId: string, patch: RunSummaryPatch): AgentRunRecord {
    const current = this.get(runId);
    const now = this.clock.now();
    this.repo.update(runId, { ...patch, updatedAt: now });
    const run = { ...current, ...patch, updatedAt: now } as AgentRunRecord;
    if (patch.commitCount !== undefined && patch.commitCount !== current.commitCount)
      this.sockets.broadcast({
        type: "agent.run_changed",
        runId,
        status: run.status,
        waitingOn: toWaitingOnView(run.waitingOn ?? null),
        commitCount: run.commitCount,
      });
    return run;
  }

  /**
   * Lists runs newest first (docs/spec/agent-runtime.md §9 listRuns): optional chat and statuses filters, `cursor` from a
   * previous page's `nextCursor`, `limit` default 50 clamped to 1..200.
   */
  list(filter: Omit<RunListFilter, "before"> & { cursor?: string }): { runs: AgentRunSummary[]; nextCursor?: string } {
    const limit = Math.min(MAX_RUN_PAGE, Math.max(1, Math.trunc(filter.limit ?? DEFAULT_RUN_PAGE)));
    const before = filter.cursor ? decodeRunCursor(filter.cursor) : undefined;
    const rows = this.repo.list({
      limit,
      ...(filter.stableChatId !== undefined ? { stableChatId: filter.stableChatId } : {}),
      ...(filter.statuses ? { statuses: filter.statuses } : {}),
      ...(before ? { before } : {}),
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      runs: page.map(toRunSummary),
      ...(rows.length > limit && last
        ? { nextCursor: encodeRunCursor({ createdAt: last.createdAt, runId: last.runId }) }
        : {}),
    };
  }

  /**
   * The run, which must still hold its heavy artifacts (workspace, checkpoints, model turns, tool
   * I/O). Throws agent.run_not_found, or agent.run_slimmed (410, `details.slimmedAt`) when
   * retention slimmed it (docs/spec/retention-usage.md "Slimmed runs").
   */
  requireWhole(runId: string): AgentRunRecord {
    const run = this.get(runId);
    if (run.slimmedAt !== null)
      throw new AppError(
        "agent.run_slimmed",
        "Retention slimmed this run: its journal and summary are kept, its workspace, checkpoints, model turns and tool results were deleted.",
        { runId, slimmedAt: new Date(run.slimmedAt).toISOString() },
      );
    return run;
  }

  /**
   * Slims a terminal run (docs/spec/retention-usage.md "Slim"): in one transaction runs every
   * cleanup (workspace files, checkpoints, hidden documents, loop state, guidance; blobs nothing
   * else uses are swept) but keeps the run record and its journal, and sets `slimmedAt`; then
   * broadcasts `agent.run_changed {runId, status, slimmed: true}`. Idempotent (false when it was
   * already slimmed). A non-terminal run → `agent.run_active` (409).
   */
  slim(runId: string): boolean {
    const now = this.clock.now();
    const slimmed = this.repo.transaction(() => {
      const run = this.get(runId);
      if (!isTerminalStatus(run.status))
        throw new AppError("agent.run_active", "This run is still going; only finished runs can be slimmed.", {
          runId,
          current: { status: run.status },
        });
      if (run.slimmedAt !== null) return false;
      for (const cleanup of this.cleanups) cleanup(runId);
      this.repo.update(runId, { slimmedAt: now });
      return true;
    });
    if (slimmed) {
      const { status, commitCount } = this.get(runId);
      this.sockets.broadcast({ type: "agent.run_changed", runId, status, waitingOn: null, commitCount, slimmed: true });
    }
    return slimmed;
  }

  /**
   * Deletes a terminal run with all its journal events (and the cleanups' rows), atomically;
   * broadcasts `agent.run_removed {runId}`. A non-terminal run → `agent.run_active` (409).
   */
  delete(runId: string): { runId: string; deleted: true } {
    this.repo.transaction(() => {
      const run = this.get(runId);
      if (!isTerminalStatus(run.status)) {
        throw new AppError(
          "agent.run_active",
          "This run is still going; cancel it and wait until it ends before deleting it.",
          { runId, current: { status: run.status } },
        );
      }
      for (const cleanup of this.cleanups) cleanup(runId);
      this.repo.delete(runId);
    });
    this.sockets.broadcast({ type: "agent.run_removed", runId });
    return { runId, deleted: true };
  }
}

/** Two waits say the same thing to a user (kind and detail; `since` aside). */
function sameWait(a: WaitingOn | null, b: WaitingOn | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && (a.detail ?? null) === (b.detail ?? null);
}
