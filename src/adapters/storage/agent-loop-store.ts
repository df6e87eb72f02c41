/**
 * SQLite implementation of the AgentLoopStore port (schema v9; state keyed by run and invocation
 * since v10; src/ports/agent-loop-store.ts).
 * Documents are split into rows of at most DOC_CHUNK_CHARS UTF-16 units (≤ 1 MiB of text for
 * ASCII, ≤ 2 MB for any text: the platform's row limit), so a 4 MiB MCP result audit fits.
 */
import { AppError } from "../../domain/errors";
import { ROOT_INVOCATION_ID } from "../../domain/agent/run-ids";
import type { AgentLoopStore, GuidanceRow } from "../../ports/agent-loop-store";

/** UTF-16 units per document row (UTF-8 ≤ 3 bytes per unit → ≤ 960 KiB per row, under 1 MiB). */
export const DOC_CHUNK_CHARS = 320 * 1024;

/** Splits text into pieces of ≤ DOC_CHUNK_CHARS units, never between the halves of a surrogate pair. */
export function splitDoc(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  do {
    let end = Math.min(text.length, start + DOC_CHUNK_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(text.slice(start, end));
    start = end;
  } while (start < text.length);
  return parts;
}

export class SqlAgentLoopStore implements AgentLoopStore {
  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  readState(runId: string, invocationId: string = ROOT_INVOCATION_ID): { json: string; version: number } | null {
    const row = this.sql
      .exec("SELECT state, version FROM te_agent_loop WHERE run_id = ? AND invocation_id = ?", runId, invocationId)
      .toArray()[0];
    return row ? { json: String(row.state), version: Number(row.version) } : null;
  }

  writeState(
    runId: string,
    json: string,
    expectedVersion: number,
    now: number,
    invocationId: string = ROOT_INVOCATION_ID,
  ): number {
    const next = expectedVersion + 1;
    const conflict = () =>
      new AppError("agent.loop_state_conflict", "The run's loop state changed underneath this step.", {
        runId,
        invocationId,
      });
    if (expectedVersion === 0) {
      const exists = this.sql
        .exec("SELECT version FROM te_agent_loop WHERE run_id = ? AND invocation_id = ?", runId, invocationId)
        .toArray()[0];
      if (exists) throw conflict();
      this.sql.exec(
        "INSERT INTO te_agent_loop(run_id, invocation_id, state, version, updated_at) VALUES(?, ?, ?, ?, ?)",
        runId,
        invocationId,
        json,
        next,
        now,
      );
      return next;
    }
    const written = this.sql.exec(
      "UPDATE te_agent_loop SET state = ?, version = ?, updated_at = ? WHERE run_id = ? AND invocation_id = ? AND version = ?",
      json,
      next,
      now,
      runId,
      invocationId,
      expectedVersion,
    ).rowsWritten;
    if (written !== 1) throw conflict();
    return next;
  }

  putDoc(runId: string, name: string, text: string): void {
    this.sql.exec("DELETE FROM te_agent_docs WHERE run_id = ? AND name = ?", runId, name);
    splitDoc(text).forEach((body, i) => {
      this.sql.exec("INSERT INTO te_agent_docs(run_id, name, chunk, body) VALUES(?, ?, ?, ?)", runId, name, i, body);
    });
  }

  getDoc(runId: string, name: string): string | null {
    const rows = this.sql
      .exec("SELECT body FROM te_agent_docs WHERE run_id = ? AND name = ? ORDER BY chunk", runId, name)
      .toArray();
    if (rows.length === 0) return null;
    return rows.map((row) => String(row.body)).join("");
  }

  docNames(runId: string, prefix: string): string[] {
    return this.sql
      .exec(
        "SELECT DISTINCT name FROM te_agent_docs WHERE run_id = ? AND substr(name, 1, ?) = ? ORDER BY name",
        runId,
        prefix.length,
        prefix,
      )
      .toArray()
      .map((row) => String(row.name));
  }

  addGuidance(runId: string, row: GuidanceRow): void {
    this.sql.exec(
      "INSERT INTO te_agent_guidance(run_id, guidance_id, client_guidance_id, text, chars, submitted_at, status) VALUES(?, ?, ?, ?, ?, ?, ?)",
      runId,
      row.guidanceId,
      row.clientGuidanceId,
      row.text,
      row.chars,
      row.submittedAt,
      row.status,
    );
  }

  guidance(runId: string, status: GuidanceRow["status"]): GuidanceRow[] {
    return this.sql
      .exec(
        "SELECT * FROM te_agent_guidance WHERE run_id = ? AND status = ? ORDER BY submitted_at, guidance_id",
        runId,
        status,
      )
      .toArray()
      .map((row) => ({
        guidanceId: String(row.guidance_id),
        clientGuidanceId: row.client_guidance_id === null ? null : String(row.client_guidance_id),
        text: String(row.text),
        chars: Number(row.chars),
        submittedAt: Number(row.submitted_at),
        status: String(row.status) as GuidanceRow["status"],
      }));
  }

  setGuidanceStatus(runId: string, guidanceIds: readonly string[], status: GuidanceRow["status"]): void {
    for (const id of guidanceIds)
      this.sql.exec("UPDATE te_agent_guidance SET status = ? WHERE run_id = ? AND guidance_id = ?", status, runId, id);
  }

  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }

  deleteRun(runId: string): void {
    this.sql.exec("DELETE FROM te_agent_loop WHERE run_id = ?", runId);
    this.sql.exec("DELETE FROM te_agent_docs WHERE run_id = ?", runId);
    this.sql.exec("DELETE FROM te_agent_guidance WHERE run_id = ?", runId);
  }
}
