/**
 * HotRows: write-through memory of the rows an agent step reads and writes several times per round
 * (docs/decisions/3450, issue 31): run records (`te_runs`), the journal's last seq per run, loop
 * states (`te_agent_loop`) and run documents (`te_agent_docs`: every document's chunk count, the
 * text of small ones). On this platform every `sql.exec` call costs tens of microseconds whatever
 * it does, and a round made about 60 of them.
 *
 * - One per Durable Object (composition: `hotRows(space)`), shared by every store instance, so a
 *   write through one store is seen by all. SQLite stays the source of truth: an evicted object
 *   starts empty and reads rows again.
 * - Only the stores of those tables write through it (SqlRunStore, SqlRunJournalStore,
 *   SqlAgentLoopStore). Every other writer of those tables calls `invalidate()` after writing: the
 *   archive's row groups (restore, delete). A `transactionSync` that throws (its writes rolled back)
 *   invalidates too (durable-objects/user-space.ts wraps the object's storage).
 * - Values handed out are shared: callers must not mutate them.
 * - Other stores may keep a keyed memory here (`keep(name)`) to have it dropped on the same
 *   occasions: the MCP registration store's decoded rows (docs/decisions/3550), a run's queued
 *   guidance and its delegated tasks (docs/decisions/3600), devices by token hash (docs/decisions/3650),
 *   model connections and workspace records (docs/decisions/3700).
 */
import type { AgentRunRecord } from "../../domain/agent/run-record";
import { rememberBounded } from "../../domain/bounded-map";

/** Most run records, loop states and document indexes kept (least recently stored out first). */
const MAX_ENTRIES = 64;
/** Longest document text kept in memory, UTF-16 units (longer ones are read from SQLite). */
export const MAX_KEPT_DOC_CHARS = 64 * 1024;
/** Most document text kept in memory in all, UTF-16 units. */
const MAX_DOC_CHARS = 4 * 1024 * 1024;

/** What is known of one run's documents: every name's chunk count, and the text of small ones. */
export interface RunDocs {
  chunks: Map<string, number>;
  texts: Map<string, string>;
}

/** Key of an invocation's loop state: run id, then invocation id. */
const stateKey = (runId: string, invocationId: string) => `${runId}\u0000${invocationId}`;

/** See the file docstring. Sizes: MAX_ENTRIES runs, states and indexes; MAX_DOC_CHARS of text. */
export class HotRows {
  private readonly runRecords = new Map<string, AgentRunRecord>();
  private readonly seqs = new Map<string, number>();
  private readonly loopStates = new Map<string, { json: string; version: number }>();
  private readonly runDocs = new Map<string, RunDocs>();
  private readonly kept = new Map<string, Map<string, unknown>>();
  private docChars = 0;

  /**
   * A keyed memory another store keeps here, `name` → its map, so that it is dropped with the rest
   * (a rolled-back transaction, a bulk write): the registration store's decoded rows (ADR 3550),
   * queued guidance and delegated tasks (ADR 3600), devices by token hash (ADR 3650), model
   * connections and workspace records (ADR 3700).
   */
  keep<T>(name: string): Map<string, T> {
    let map = this.kept.get(name);
    if (!map) {
      map = new Map<string, unknown>();
      this.kept.set(name, map);
    }
    return map as Map<string, T>;
  }

  /** Forgets everything (a bulk write or a rolled-back transaction touched these tables). */
  invalidate(): void {
    for (const map of this.kept.values()) map.clear();
    this.runRecords.clear();
    this.seqs.clear();
    this.loopStates.clear();
    this.runDocs.clear();
    this.docChars = 0;
  }

  /** Forgets one run (deleted, or its rows rewritten). */
  forgetRun(runId: string): void {
    this.runRecords.delete(runId);
    this.seqs.delete(runId);
    const prefix = stateKey(runId, "");
    for (const key of [...this.loopStates.keys()]) if (key.startsWith(prefix)) this.loopStates.delete(key);
    this.dropDocs(runId);
  }

  /** The run record as last read or written, or undefined (then read it from SQLite). */
  run(runId: string): AgentRunRecord | undefined {
    return this.runRecords.get(runId);
  }

  /** Remembers a run record just read or written. */
  setRun(record: AgentRunRecord): void {
    rememberBounded(this.runRecords, record.runId, record, MAX_ENTRIES);
  }

  /** The last journal seq of a run, when known. */
  lastSeq(runId: string): number | undefined {
    return this.seqs.get(runId);
  }

  /** Remembers the run's last journal seq after an append. */
  setLastSeq(runId: string, seq: number): void {
    rememberBounded(this.seqs, runId, seq, MAX_ENTRIES);
  }

  /** An invocation's loop state (JSON text and version) as last read or written, or undefined. */
  loopState(runId: string, invocationId: string): { json: string; version: number } | undefined {
    return this.loopStates.get(stateKey(runId, invocationId));
  }

  /** Remembers an invocation's loop state just read or written. */
  setLoopState(runId: string, invocationId: string, state: { json: string; version: number }): void {
    rememberBounded(this.loopStates, stateKey(runId, invocationId), state, MAX_ENTRIES);
  }

  /** What is known of a run's documents, or undefined (then the store loads the index). */
  docs(runId: string): RunDocs | undefined {
    return this.runDocs.get(runId);
  }

  /** Starts knowing a run's documents from their chunk counts (texts come as they are read or written). */
  setDocIndex(runId: string, chunks: Map<string, number>): RunDocs {
    this.dropDocs(runId);
    if (this.runDocs.size >= MAX_ENTRIES) this.dropDocs(this.runDocs.keys().next().value as string);
    const docs: RunDocs = { chunks, texts: new Map() };
    this.runDocs.set(runId, docs);
    return docs;
  }

  /** Records a document's chunk count and, when small enough, its text. */
  setDoc(docs: RunDocs, name: string, chunks: number, text: string | null): void {
    this.dropText(docs, name);
    docs.chunks.set(name, chunks);
    if (text === null || text.length > MAX_KEPT_DOC_CHARS) return;
    if (this.docChars + text.length > MAX_DOC_CHARS) {
      for (const other of this.runDocs.values()) for (const key of [...other.texts.keys()]) this.dropText(other, key);
    }
    docs.texts.set(name, text);
    this.docChars += text.length;
  }

  private dropText(docs: RunDocs, name: string): void {
    const old = docs.texts.get(name);
    if (old === undefined) return;
    docs.texts.delete(name);
    this.docChars -= old.length;
  }

  private dropDocs(runId: string): void {
    const docs = this.runDocs.get(runId);
    if (!docs) return;
    for (const key of [...docs.texts.keys()]) this.dropText(docs, key);
    this.runDocs.delete(runId);
  }
}
