/**
 * SQLite implementation of the AgentLoopStore port (schema v9; state keyed by run and invocation
 * since v10; src/ports/agent-loop-store.ts).
 * Documents are split into rows of at most DOC_CHUNK_CHARS UTF-16 units (≤ 1 MiB of text for
 * ASCII, ≤ 2 MB for any text: the platform's row limit), so a 4 MiB MCP result audit fits.
 */
import { AppError } from "../../domain/errors";
import { ROOT_INVOCATION_ID } from "../../domain/agent/run-ids";
import type { AgentLoopStore, GuidanceRow } from "../../ports/agent-loop-store";
import { rememberBounded } from "../../domain/bounded-map";
import { inBatches, MAX_BOUND_PARAMETERS } from "./bound-parameters";
import type { HotRows, RunDocs } from "./hot-rows";

/** HotRows memory of each run's queued guidance, read before every model request (issue 31). */
const QUEUED_GUIDANCE = "agent-guidance-queued";
/** Most runs whose queued guidance is kept. */
const MAX_QUEUED_RUNS = 64;

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

/**
 * With `hot` (the object's HotRows), loop states and documents are written through memory: a
 * state is read from SQLite once, a run's document index (every name's chunk count) once, a small
 * document's text once; a put knows whether the name is new (one INSERT instead of a DELETE and an
 * INSERT) (docs/decisions/3450); a run's queued guidance is read once until guidance is added or
 * its status changes (docs/decisions/3600).
 */
export class SqlAgentLoopStore implements AgentLoopStore {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly hot?: HotRows,
  ) {}

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  readState(runId: string, invocationId: string = ROOT_INVOCATION_ID): { json: string; version: number } | null {
    const known = this.hot?.loopState(runId, invocationId);
    if (known) return { ...known };
    const row = this.sql
      .exec("SELECT state, version FROM te_agent_loop WHERE run_id = ? AND invocation_id = ?", runId, invocationId)
      .toArray()[0];
    if (!row) return null;
    const state = { json: String(row.state), version: Number(row.version) };
    this.hot?.setLoopState(runId, invocationId, state);
    return { ...state };
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
      this.hot?.setLoopState(runId, invocationId, { json, version: next });
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
    if (written !== 1) {
      this.hot?.forgetRun(runId);
      throw conflict();
    }
    this.hot?.setLoopState(runId, invocationId, { json, version: next });
    return next;
  }

  putDoc(runId: string, name: string, text: string): void {
    const parts = splitDoc(text);
    const docs = this.docsOf(runId);
    if (!docs) {
      this.sql.exec("DELETE FROM te_agent_docs WHERE run_id = ? AND name = ?", runId, name);
      parts.forEach((body, i) => {
        this.sql.exec("INSERT INTO te_agent_docs(run_id, name, chunk, body) VALUES(?, ?, ?, ?)", runId, name, i, body);
      });
      return;
    }
    const before = docs.chunks.get(name) ?? 0;
    if (before > parts.length)
      this.sql.exec(
        "DELETE FROM te_agent_docs WHERE run_id = ? AND name = ? AND chunk >= ?",
        runId,
        name,
        parts.length,
      );
    parts.forEach((body, i) => {
      if (i < before)
        this.sql.exec(
          "UPDATE te_agent_docs SET body = ? WHERE run_id = ? AND name = ? AND chunk = ?",
          body,
          runId,
          name,
          i,
        );
      else
        this.sql.exec("INSERT INTO te_agent_docs(run_id, name, chunk, body) VALUES(?, ?, ?, ?)", runId, name, i, body);
    });
    this.hot!.setDoc(docs, name, parts.length, text);
  }

  /**
   * Several documents at once: with HotRows, those whose names are new and that fit one chunk go in
   * one multi-row INSERT (a statement costs about what a commit of one row costs on this platform;
   * docs/decisions/3600), the others through putDoc.
   */
  putDocs(runId: string, docs: ReadonlyArray<readonly [name: string, text: string]>): void {
    const index = this.docsOf(runId);
    const fresh = index
      ? docs.filter(
          ([name, text], i) =>
            !index.chunks.has(name) && text.length <= DOC_CHUNK_CHARS && docs.findIndex(([n]) => n === name) === i,
        )
      : [];
    if (fresh.length < 2) {
      for (const [name, text] of docs) this.putDoc(runId, name, text);
      return;
    }
    for (const rows of inBatches(fresh, MAX_BOUND_PARAMETERS / 4)) {
      this.sql.exec(
        `INSERT INTO te_agent_docs(run_id, name, chunk, body) VALUES ${rows.map(() => "(?, ?, ?, ?)").join(", ")}`,
        ...rows.flatMap(([name, text]) => [runId, name, 0, text]),
      );
      for (const [name, text] of rows) this.hot!.setDoc(index!, name, 1, text);
    }
    for (const doc of docs) if (!fresh.includes(doc)) this.putDoc(runId, doc[0], doc[1]);
  }

  getDoc(runId: string, name: string): string | null {
    const docs = this.docsOf(runId);
    if (docs) {
      if (!docs.chunks.has(name)) return null;
      const known = docs.texts.get(name);
      if (known !== undefined) return known;
    }
    const rows = this.sql
      .exec("SELECT body FROM te_agent_docs WHERE run_id = ? AND name = ? ORDER BY chunk", runId, name)
      .toArray();
    if (rows.length === 0) return null;
    const text = rows.map((row) => String(row.body)).join("");
    if (docs) this.hot!.setDoc(docs, name, rows.length, text);
    return text;
  }

  /** The run's document index in memory (loaded with one query the first time), or null without HotRows. */
  private docsOf(runId: string): RunDocs | null {
    if (!this.hot) return null;
    const known = this.hot.docs(runId);
    if (known) return known;
    const chunks = new Map<string, number>();
    for (const row of this.sql.exec(
      "SELECT name, count(*) AS n FROM te_agent_docs WHERE run_id = ? GROUP BY name",
      runId,
    ))
      chunks.set(String(row.name), Number(row.n));
    return this.hot.setDocIndex(runId, chunks);
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

  /** Drops the run's kept queued guidance (every write of its guidance rows calls this). */
  private forgetQueued(runId: string): void {
    this.hot?.keep(QUEUED_GUIDANCE).delete(runId);
  }

  addGuidance(runId: string, row: GuidanceRow): void {
    this.forgetQueued(runId);
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

  /**
   * The run's guidance items with `status`, oldest first. The queued ones are kept in HotRows (every
   * model request reads them, and they are almost always none); writes through this store drop them.
   */
  guidance(runId: string, status: GuidanceRow["status"]): GuidanceRow[] {
    const memo = status === "queued" ? this.hot?.keep<GuidanceRow[]>(QUEUED_GUIDANCE) : undefined;
    const known = memo?.get(runId);
    if (known) return [...known];
    const rows = this.sql
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
    if (memo) rememberBounded(memo, runId, rows, MAX_QUEUED_RUNS);
    return [...rows];
  }

  setGuidanceStatus(runId: string, guidanceIds: readonly string[], status: GuidanceRow["status"]): void {
    this.forgetQueued(runId);
    for (const id of guidanceIds)
      this.sql.exec("UPDATE te_agent_guidance SET status = ? WHERE run_id = ? AND guidance_id = ?", status, runId, id);
  }

  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }

  deleteRun(runId: string): void {
    this.hot?.forgetRun(runId);
    this.forgetQueued(runId);
    this.sql.exec("DELETE FROM te_agent_loop WHERE run_id = ?", runId);
    this.sql.exec("DELETE FROM te_agent_docs WHERE run_id = ?", runId);
    this.sql.exec("DELETE FROM te_agent_guidance WHERE run_id = ?", runId);
  }
}
