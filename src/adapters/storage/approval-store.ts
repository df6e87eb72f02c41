/** SQLite `te_approvals` (schema v19) and the timeout in `te_meta`: the ApprovalStore port (docs/spec/approvals.md). */
import type {
  ApprovalDecider,
  ApprovalDecision,
  ApprovalRecord,
  ApprovalStatus,
} from "../../domain/approvals/approval";
import type { ApprovalStore } from "../../ports/approval-store";

type Row = Record<string, SqlStorageValue>;

const TIMEOUT_KEY = "approvals.timeout_ms";

const str = (value: SqlStorageValue | undefined): string | null => (value == null ? null : String(value));

function toRecord(row: Row): ApprovalRecord {
  return {
    id: String(row.id),
    status: String(row.status) as ApprovalStatus,
    runId: str(row.run_id),
    invocationId: str(row.invocation_id),
    generationId: str(row.generation_id),
    chatId: String(row.chat_id),
    callId: String(row.call_id),
    toolId: String(row.tool_id),
    alias: String(row.alias),
    registrationId: String(row.registration_id),
    serverName: String(row.server_name),
    argumentsPreview: String(row.arguments_preview),
    requestedAt: Number(row.requested_at),
    expiresAt: Number(row.expires_at),
    decision: str(row.decision) as ApprovalDecision | null,
    decidedBy:
      row.decided_device_id === null ? null : { deviceId: String(row.decided_device_id), at: Number(row.decided_at) },
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
  };
}

export class SqlApprovalStore implements ApprovalStore {
  constructor(private readonly sql: SqlStorage) {}

  insert(r: ApprovalRecord): void {
    this.sql.exec(
      `INSERT INTO te_approvals(id, status, run_id, invocation_id, generation_id, chat_id, call_id, tool_id, alias,
       registration_id, server_name, arguments_preview, requested_at, expires_at, decision, decided_device_id,
       decided_at, resolved_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      r.id,
      r.status,
      r.runId,
      r.invocationId,
      r.generationId,
      r.chatId,
      r.callId,
      r.toolId,
      r.alias,
      r.registrationId,
      r.serverName,
      r.argumentsPreview,
      r.requestedAt,
      r.expiresAt,
      r.decision,
      r.decidedBy?.deviceId ?? null,
      r.decidedBy?.at ?? null,
      r.resolvedAt,
    );
  }

  get(id: string): ApprovalRecord | null {
    const row = this.sql.exec("SELECT * FROM te_approvals WHERE id = ?", id).toArray()[0];
    return row ? toRecord(row) : null;
  }

  list(status?: ApprovalStatus, limit = 200): ApprovalRecord[] {
    const rows = status
      ? this.sql.exec("SELECT * FROM te_approvals WHERE status = ? ORDER BY requested_at, rowid LIMIT ?", status, limit)
      : this.sql.exec("SELECT * FROM te_approvals ORDER BY requested_at DESC, rowid DESC LIMIT ?", limit);
    return rows.toArray().map(toRecord);
  }

  pendingFor(holder: { runId: string } | { generationId: string }): ApprovalRecord[] {
    const [column, value] = "runId" in holder ? ["run_id", holder.runId] : ["generation_id", holder.generationId];
    return this.sql
      .exec(`SELECT * FROM te_approvals WHERE ${column} = ? AND status = 'pending' ORDER BY requested_at, rowid`, value)
      .toArray()
      .map(toRecord);
  }

  resolve(
    id: string,
    status: Exclude<ApprovalStatus, "pending">,
    decision: ApprovalDecision | null,
    decidedBy: ApprovalDecider | null,
    at: number,
  ): boolean {
    const cursor = this.sql.exec(
      `UPDATE te_approvals SET status = ?, decision = ?, decided_device_id = ?, decided_at = ?, resolved_at = ?
       WHERE id = ? AND status = 'pending'`,
      status,
      decision,
      decidedBy?.deviceId ?? null,
      decidedBy?.at ?? null,
      at,
      id,
    );
    return cursor.rowsWritten > 0;
  }

  purgeResolved(before: number): number {
    return this.sql.exec("DELETE FROM te_approvals WHERE status <> 'pending' AND resolved_at < ?", before).rowsWritten;
  }

  timeoutMs(): number | null {
    const row = this.sql.exec("SELECT value FROM te_meta WHERE key = ?", TIMEOUT_KEY).toArray()[0];
    return row ? Number(row.value) : null;
  }

  setTimeoutMs(ms: number): void {
    this.sql.exec(
      "INSERT INTO te_meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      TIMEOUT_KEY,
      String(ms),
    );
  }
}
