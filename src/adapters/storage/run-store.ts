/** SQLite rows of agent run records (schema v6, `te_runs`; `waiting_on` since v10); implements RunRepository. */
import type { AgentRunRecord, RunListFilter } from "../../domain/agent/run-record";
import type { AgentRunStatus } from "../../domain/agent/run-status";
import type { RunRecordPatch, RunRepository } from "../../ports/run-repository";
import type { HotRows } from "./hot-rows";

const COLUMNS: Record<keyof RunRecordPatch, string> = {
  status: "status",
  updatedAt: "updated_at",
  terminalAt: "terminal_at",
  profileId: "profile_id",
  skillScopeRefs: "skill_scope_refs",
  persistBaseStateId: "persist_base_state_id",
  inputMessageCount: "input_message_count",
  commitCount: "commit_count",
  committedMessage: "committed_message",
  waitingOn: "waiting_on",
  slimmedAt: "slimmed_at",
};
const JSON_FIELDS = new Set<keyof RunRecordPatch>(["skillScopeRefs", "committedMessage", "waitingOn"]);

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const parse = <T>(value: SqlStorageValue | undefined): T | null =>
  value === null || value === undefined ? null : (JSON.parse(String(value)) as T);
const num = (value: SqlStorageValue | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

function toRecord(row: Record<string, SqlStorageValue>): AgentRunRecord {
  return {
    runId: String(row.id),
    workspaceId: String(row.workspace_id),
    stableChatId: String(row.stable_chat_id),
    chatRef: JSON.parse(String(row.chat_ref)),
    generationType: String(row.generation_type) as AgentRunRecord["generationType"],
    profileId: row.profile_id === null ? null : String(row.profile_id),
    skillScopeRefs: parse(row.skill_scope_refs),
    persistBaseStateId: row.persist_base_state_id === null ? null : String(row.persist_base_state_id),
    inputMessageCount: num(row.input_message_count),
    presentation: String(row.presentation) as AgentRunRecord["presentation"],
    status: String(row.status) as AgentRunStatus,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    terminalAt: num(row.terminal_at),
    commitCount: Number(row.commit_count),
    committedMessage: parse(row.committed_message),
    waitingOn: parse(row.waiting_on),
    slimmedAt: num(row.slimmed_at),
  };
}

/**
 * With `hot` (the object's HotRows), `get` answers from memory after the first read and `update`
 * writes through, so an agent step's many reads of its run cost no SQL (docs/decisions/3450).
 */
export class SqlRunStore implements RunRepository {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly hot?: HotRows,
  ) {}

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  insert(run: AgentRunRecord): void {
    this.sql.exec(
      `INSERT INTO te_runs(id, workspace_id, stable_chat_id, chat_ref, generation_type, profile_id, skill_scope_refs,
        persist_base_state_id, input_message_count, presentation, status, created_at, updated_at, terminal_at,
        commit_count, committed_message) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      run.runId,
      run.workspaceId,
      run.stableChatId,
      JSON.stringify(run.chatRef),
      run.generationType,
      run.profileId,
      json(run.skillScopeRefs),
      run.persistBaseStateId,
      run.inputMessageCount,
      run.presentation,
      run.status,
      run.createdAt,
      run.updatedAt,
      run.terminalAt,
      run.commitCount,
      json(run.committedMessage),
    );
  }

  get(runId: string): AgentRunRecord | null {
    const known = this.hot?.run(runId);
    if (known) return { ...known };
    const row = this.sql.exec("SELECT * FROM te_runs WHERE id = ?", runId).toArray()[0];
    if (!row) return null;
    const record = toRecord(row);
    this.hot?.setRun(record);
    return { ...record };
  }

  update(runId: string, patch: RunRecordPatch): void {
    const keys = (Object.keys(patch) as Array<keyof RunRecordPatch>).filter((key) => patch[key] !== undefined);
    if (keys.length === 0) return;
    const values = keys.map((key) => (JSON_FIELDS.has(key) ? json(patch[key]) : (patch[key] as SqlStorageValue)));
    this.sql.exec(
      `UPDATE te_runs SET ${keys.map((key) => `${COLUMNS[key]} = ?`).join(", ")} WHERE id = ?`,
      ...values,
      runId,
    );
    const known = this.hot?.run(runId);
    if (known) {
      // What a read would give: JSON columns as parsed from their stored text.
      const next: Record<string, unknown> = { ...known };
      keys.forEach((key, i) => {
        next[key] = JSON_FIELDS.has(key) ? parse(values[i]) : values[i];
      });
      this.hot!.setRun(next as unknown as AgentRunRecord);
    }
  }

  list(filter: Required<Pick<RunListFilter, "limit">> & RunListFilter): AgentRunRecord[] {
    const where: string[] = [];
    const args: SqlStorageValue[] = [];
    if (filter.stableChatId !== undefined) {
      where.push("stable_chat_id = ?");
      args.push(filter.stableChatId);
    }
    if (filter.statuses && filter.statuses.length > 0) {
      where.push(`status IN (${filter.statuses.map(() => "?").join(", ")})`);
      args.push(...filter.statuses);
    }
    if (filter.before) {
      where.push("(created_at < ? OR (created_at = ? AND id < ?))");
      args.push(filter.before.createdAt, filter.before.createdAt, filter.before.runId);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
    return this.sql
      .exec(`SELECT * FROM te_runs ${clause} ORDER BY created_at DESC, id DESC LIMIT ?`, ...args, filter.limit + 1)
      .toArray()
      .map(toRecord);
  }

  delete(runId: string): boolean {
    this.hot?.forgetRun(runId);
    return this.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM te_journal WHERE run_id = ?", runId);
      return this.sql.exec("DELETE FROM te_runs WHERE id = ? RETURNING id", runId).toArray().length > 0;
    });
  }

  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }
}
