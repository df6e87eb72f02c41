/**
 * Tool-call approvals of one user (docs/spec/approvals.md): asking, deciding from any device,
 * expiring and cancelling, and the timeout setting.
 *
 * A holder (an Agent run invocation or a chat generation) asks with `request`; each approval is
 * stored `pending`, its expiry is a scheduler job (`approval.expire`, ref = approval id) and every
 * device gets `approval.requested`. The holder then parks: nothing of it runs or waits in memory.
 * Whatever ends the approval — `decide` (first decision wins), `expire`, `cancelFor` — stores the
 * final status with a compare-and-set, cancels the expiry job, broadcasts `approval.resolved` and
 * calls the holder's hook (`ApprovalHolders`), which journals and wakes the parked step.
 */
import {
  argumentsPreview,
  checkApprovalTimeout,
  DEFAULT_APPROVAL_TIMEOUT_MS,
  isApprovalId,
  newApprovalId,
  statusOfDecision,
  toApprovalView,
  type ApprovalDecision,
  type ApprovalRecord,
  type ApprovalSettings,
  type ApprovalStatus,
  type ApprovalView,
} from "../../domain/approvals/approval";
import { AppError } from "../../domain/errors";
import { parseMcpToolId } from "../../domain/tools/tool-id";
import type { ApprovalStore } from "../../ports/approval-store";
import type { Clock, Scheduler, SocketHub } from "../../ports/space";

/** Scheduler job that expires one approval (ref = approval id). */
export const APPROVAL_EXPIRE_JOB = "approval.expire";
/** Ended approvals are kept this long for the list and the journal's links, ms (7 days). */
export const RESOLVED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** What a holder asks for, one per tool call (in the turn's order). */
export interface ApprovalRequest {
  runId?: string;
  invocationId?: string;
  generationId?: string;
  chatId: string;
  callId: string;
  toolId: string;
  alias: string;
  registrationId: string;
  serverName: string;
  /** The raw arguments text the model sent (cut to the preview length here). */
  argumentsText: string;
}

/** Called once an approval ended (any final status), to journal and wake the parked holder. */
export interface ApprovalHolders {
  run(record: ApprovalRecord): void;
  generation(record: ApprovalRecord): void;
}

export interface ApprovalServiceDeps {
  store: ApprovalStore;
  clock: Clock;
  scheduler: Scheduler;
  sockets: Pick<SocketHub, "broadcast">;
  development: boolean;
  /** Sets one tool to Allow on its registration's current revision (`always_allow`). */
  allowTool(registrationId: string, nativeName: string): Promise<void>;
  /** Hooks given at construction (tests); the run and generation services bind theirs with `bindHolder`. */
  holders?: Partial<ApprovalHolders>;
}

export class ApprovalService {
  private readonly holders: Partial<ApprovalHolders>;

  constructor(private readonly deps: ApprovalServiceDeps) {
    this.holders = { ...deps.holders };
  }

  /**
   * Binds the hook of one holder kind (called by the run loop's and the generation's composition
   * when they are built, so neither composition imports the other).
   */
  bindHolder<K extends keyof ApprovalHolders>(kind: K, hook: ApprovalHolders[K]): void {
    this.holders[kind] = hook;
  }

  /** The configured timeout (default 24 h). */
  settings(): ApprovalSettings {
    return { timeoutMs: this.deps.store.timeoutMs() ?? DEFAULT_APPROVAL_TIMEOUT_MS };
  }

  /** `PATCH /approvals/settings`. Errors: `approval.settings_invalid` (400). Applies to approvals asked later. */
  updateSettings(input: ApprovalSettings): ApprovalSettings {
    this.deps.store.setTimeoutMs(checkApprovalTimeout(input.timeoutMs, this.deps.development));
    return this.settings();
  }

  /** `GET /approvals?status=`: newest 200 (pending: oldest first, the order they were asked in). */
  list(status?: ApprovalStatus): { approvals: ApprovalView[] } {
    return { approvals: this.deps.store.list(status).map(toApprovalView) };
  }

  /** One approval. Errors: `approval.not_found` (404). */
  get(id: string): ApprovalRecord {
    const record = isApprovalId(id) ? this.deps.store.get(id) : null;
    if (!record)
      throw new AppError("approval.not_found", "This approval does not exist (it may have been removed).", {
        approvalId: id,
      });
    return record;
  }

  /** One approval, or null when it does not exist. */
  find(id: string): ApprovalRecord | null {
    return this.deps.store.get(id);
  }

  /** Stores the requests as pending approvals (in order), arms their expiry and tells every device. */
  request(requests: ApprovalRequest[]): ApprovalRecord[] {
    const now = this.deps.clock.now();
    const expiresAt = now + this.settings().timeoutMs;
    return requests.map((r) => {
      const record: ApprovalRecord = {
        id: newApprovalId(),
        status: "pending",
        runId: r.runId ?? null,
        invocationId: r.invocationId ?? null,
        generationId: r.generationId ?? null,
        chatId: r.chatId,
        callId: r.callId,
        toolId: r.toolId,
        alias: r.alias,
        registrationId: r.registrationId,
        serverName: r.serverName,
        argumentsPreview: argumentsPreview(r.argumentsText),
        requestedAt: now,
        expiresAt,
        decision: null,
        decidedBy: null,
        resolvedAt: null,
      };
      this.deps.store.insert(record);
      this.deps.scheduler.schedule(APPROVAL_EXPIRE_JOB, record.id, expiresAt);
      this.deps.sockets.broadcast({ type: "approval.requested", approval: toApprovalView(record) });
      return record;
    });
  }

  /**
   * `POST /approvals/:id {decision}` from `deviceId`. `always_allow` first sets the tool to Allow on
   * its registration (so later calls do not ask), then approves. Errors: `approval.not_found`
   * (404), `approval.already_resolved` (409, `details.approval` = the approval as it ended), and
   * the registry's errors for `always_allow` (e.g. `mcp.registration_not_found`).
   */
  async decide(id: string, decision: ApprovalDecision, deviceId: string): Promise<ApprovalView> {
    const record = this.get(id);
    if (record.status !== "pending") throw this.alreadyResolved(record);
    if (decision === "always_allow") {
      const { nativeName } = parseMcpToolId(record.toolId);
      await this.deps.allowTool(record.registrationId, nativeName);
    }
    const now = this.deps.clock.now();
    const ended = this.end(record, statusOfDecision(decision), decision, { deviceId, at: now });
    if (!ended) throw this.alreadyResolved(this.get(id));
    return toApprovalView(ended);
  }

  /** Job `approval.expire`: ends a still-pending approval whose time is up as `expired`. */
  expire(id: string): void {
    const record = this.deps.store.get(id);
    const now = this.deps.clock.now();
    if (record?.status === "pending") {
      if (record.expiresAt > now) this.deps.scheduler.schedule(APPROVAL_EXPIRE_JOB, id, record.expiresAt);
      else this.end(record, "expired", null, null);
    }
    this.deps.store.purgeResolved(now - RESOLVED_RETENTION_MS);
  }

  /** Ends every pending approval of a run or a generation as `cancelled` (Cancel/Stop, or it ended). */
  cancelFor(holder: { runId: string } | { generationId: string }): ApprovalRecord[] {
    return this.deps.store
      .pendingFor(holder)
      .map((record) => this.end(record, "cancelled", null, null))
      .filter((record): record is ApprovalRecord => record !== null);
  }

  /** Pending approvals of a run or generation, oldest first. */
  pendingFor(holder: { runId: string } | { generationId: string }): ApprovalRecord[] {
    return this.deps.store.pendingFor(holder);
  }

  private end(
    record: ApprovalRecord,
    status: Exclude<ApprovalStatus, "pending">,
    decision: ApprovalDecision | null,
    decidedBy: ApprovalRecord["decidedBy"],
  ): ApprovalRecord | null {
    const now = this.deps.clock.now();
    if (!this.deps.store.resolve(record.id, status, decision, decidedBy, now)) return null;
    this.deps.scheduler.cancel(APPROVAL_EXPIRE_JOB, record.id);
    const ended: ApprovalRecord = { ...record, status, decision, decidedBy, resolvedAt: now };
    this.deps.sockets.broadcast({ type: "approval.resolved", approval: toApprovalView(ended) });
    if (ended.runId) this.holders.run?.(ended);
    else if (ended.generationId) this.holders.generation?.(ended);
    return ended;
  }

  private alreadyResolved(record: ApprovalRecord): AppError {
    return new AppError(
      "approval.already_resolved",
      `This tool call was already ${record.status}; the first answer counts.`,
      { approval: toApprovalView(record) },
    );
  }
}
