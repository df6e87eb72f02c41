/** SQLite `te_mcp_tool_approvals` (schema v20): the ToolApprovalStore port (docs/spec/approvals.md §7). */
import type { ReviewedDescriptor, ToolApprovalRecord, ToolReview } from "../../domain/mcp/tool-review";
import type { ToolApprovalStore } from "../../ports/tool-approval-store";

type Row = Record<string, SqlStorageValue>;

function toRecord(row: Row): ToolApprovalRecord {
  return {
    registrationId: String(row.registration_id),
    nativeName: String(row.native_name),
    approved: JSON.parse(String(row.approved_json)) as ReviewedDescriptor,
    approvedHash: String(row.approved_hash),
    level: String(row.level) === "allow" ? "allow" : "ask",
    gone: Number(row.gone) === 1,
    review: row.review_json == null ? null : (JSON.parse(String(row.review_json)) as ToolReview),
  };
}

export class SqlToolApprovalStore implements ToolApprovalStore {
  constructor(private readonly sql: SqlStorage) {}

  forRegistration(registrationId: string): ToolApprovalRecord[] {
    return this.sql
      .exec("SELECT * FROM te_mcp_tool_approvals WHERE registration_id = ? ORDER BY native_name", registrationId)
      .toArray()
      .map(toRecord);
  }

  get(registrationId: string, nativeName: string): ToolApprovalRecord | null {
    const row = this.sql
      .exec(
        "SELECT * FROM te_mcp_tool_approvals WHERE registration_id = ? AND native_name = ?",
        registrationId,
        nativeName,
      )
      .toArray()[0];
    return row ? toRecord(row) : null;
  }

  put(r: ToolApprovalRecord): void {
    this.sql.exec(
      `INSERT INTO te_mcp_tool_approvals(registration_id, native_name, approved_json, approved_hash, level, gone, review_json)
       VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT(registration_id, native_name) DO UPDATE SET
       approved_json = excluded.approved_json, approved_hash = excluded.approved_hash, level = excluded.level,
       gone = excluded.gone, review_json = excluded.review_json`,
      r.registrationId,
      r.nativeName,
      JSON.stringify(r.approved),
      r.approvedHash,
      r.level,
      r.gone ? 1 : 0,
      r.review ? JSON.stringify(r.review) : null,
    );
  }

  remove(registrationId: string, nativeName: string): void {
    this.sql.exec(
      "DELETE FROM te_mcp_tool_approvals WHERE registration_id = ? AND native_name = ?",
      registrationId,
      nativeName,
    );
  }

  removeRegistration(registrationId: string): void {
    this.sql.exec("DELETE FROM te_mcp_tool_approvals WHERE registration_id = ?", registrationId);
  }
}
