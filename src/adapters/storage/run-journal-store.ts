/**
 * SQLite run journal (schema v6, `te_journal`); implements RunJournal (storage only — live delivery
 * is application/agent/journal.ts).
 *
 * Append is one INSERT … SELECT statement that computes `MAX(seq) + 1` for the run and checks the
 * run exists, so seq assignment is atomic on its own and the (run_id, seq) primary key forbids any
 * duplicate. There is deliberately no UPDATE or single-event DELETE here.
 */
import { AppError } from "../../domain/errors";
import { newEventId } from "../../domain/agent/run-ids";
import {
  prepareEvent,
  type AgentRunEvent,
  type AppendEventInput,
  type EventLevel,
  type PreparedEvent,
} from "../../domain/agent/run-events";
import { normalizeEventsQuery, type ReadEventsQuery } from "../../domain/agent/journal-query";
import type { Clock } from "../../ports/space";
import type { RunJournal } from "../../ports/run-journal";
import type { HotRows } from "./hot-rows";

function toEvent(row: Record<string, SqlStorageValue>): AgentRunEvent {
  return {
    seq: Number(row.seq),
    id: String(row.id),
    runId: String(row.run_id),
    timestamp: new Date(Number(row.at)).toISOString(),
    level: String(row.level) as EventLevel,
    type: String(row.type),
    payload: JSON.parse(String(row.payload)),
  };
}

/** `related_ids` as stored: `,id1,id2,` or null. */
function relatedText(event: PreparedEvent): string | null {
  return event.relatedInvocationIds.length > 0 ? `,${event.relatedInvocationIds.join(",")},` : null;
}

function toAppended(runId: string, seq: number, event: PreparedEvent): AgentRunEvent {
  return {
    seq,
    id: event.id,
    runId,
    timestamp: new Date(event.at).toISOString(),
    level: event.level,
    type: event.type,
    payload: JSON.parse(event.payloadJson),
  };
}

/**
 * With `hot` (the object's HotRows), a run whose record and last seq are in memory gets its next
 * event with one plain INSERT (seq = last + 1); otherwise the INSERT computes the seq and checks
 * the run exists itself, and the answer seeds the memory (docs/decisions/3450).
 */
export class SqlRunJournalStore implements RunJournal {
  constructor(
    private readonly sql: SqlStorage,
    private readonly clock: Clock,
    private readonly hot?: HotRows,
  ) {}

  append(runId: string, input: AppendEventInput): AgentRunEvent {
    const event = prepareEvent(runId, input, newEventId(), this.clock.now());
    const last = this.knownLastSeq(runId);
    if (last !== undefined) return this.insertAfter(runId, last, [event])[0]!;
    const row = this.sql
      .exec(
        `INSERT INTO te_journal(run_id, seq, id, at, level, type, invocation_id, related_ids, payload)
       SELECT ?, COALESCE((SELECT MAX(seq) FROM te_journal WHERE run_id = ?), 0) + 1, ?, ?, ?, ?, ?, ?, ?
       WHERE EXISTS (SELECT 1 FROM te_runs WHERE id = ?)
       RETURNING seq`,
        runId,
        runId,
        event.id,
        event.at,
        event.level,
        event.type,
        event.invocationId,
        relatedText(event),
        event.payloadJson,
        runId,
      )
      .toArray()[0];
    if (!row) throw new AppError("agent.run_not_found", "No agent run with this id.", { runId });
    this.hot?.setLastSeq(runId, Number(row.seq));
    return toAppended(runId, Number(row.seq), event);
  }

  /**
   * Appends `inputs` in order, as `append` would one by one. With the run's last seq in memory
   * they go in as one multi-row INSERT (one `sql.exec` instead of one per event). Same errors.
   */
  appendMany(runId: string, inputs: readonly AppendEventInput[]): AgentRunEvent[] {
    const last = this.knownLastSeq(runId);
    if (last === undefined || inputs.length < 2) return inputs.map((input) => this.append(runId, input));
    const now = this.clock.now();
    return this.insertAfter(
      runId,
      last,
      inputs.map((input) => prepareEvent(runId, input, newEventId(), now)),
    );
  }

  /** The run's last seq when memory knows the run and its seq (the run then exists). */
  private knownLastSeq(runId: string): number | undefined {
    return this.hot?.run(runId) ? this.hot.lastSeq(runId) : undefined;
  }

  /** Inserts `events` as seqs last + 1… in one statement and remembers the new last seq. */
  private insertAfter(runId: string, last: number, events: PreparedEvent[]): AgentRunEvent[] {
    const values: SqlStorageValue[] = [];
    events.forEach((event, i) => {
      values.push(runId, last + 1 + i, event.id, event.at, event.level, event.type, event.invocationId);
      values.push(relatedText(event), event.payloadJson);
    });
    this.sql.exec(
      `INSERT INTO te_journal(run_id, seq, id, at, level, type, invocation_id, related_ids, payload)
       VALUES ${events.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      ...values,
    );
    this.hot!.setLastSeq(runId, last + events.length);
    return events.map((event, i) => toAppended(runId, last + 1 + i, event));
  }

  read(runId: string, query?: ReadEventsQuery): AgentRunEvent[] {
    const q = normalizeEventsQuery(query);
    const where = ["run_id = ?", "seq > ?"];
    const args: SqlStorageValue[] = [runId, q.afterSeq];
    if (q.beforeSeq !== null) {
      where.push("seq < ?");
      args.push(q.beforeSeq);
    }
    if (q.invocationId !== null) {
      where.push("(invocation_id = ? OR instr(coalesce(related_ids, ''), ?) > 0)");
      args.push(q.invocationId, `,${q.invocationId},`);
    }
    const order = q.direction === "latest" ? "DESC" : "ASC";
    const rows = this.sql
      .exec(`SELECT * FROM te_journal WHERE ${where.join(" AND ")} ORDER BY seq ${order} LIMIT ?`, ...args, q.limit)
      .toArray()
      .map(toEvent);
    return q.direction === "latest" ? rows.reverse() : rows;
  }

  lastSeq(runId: string): number {
    const known = this.knownLastSeq(runId);
    if (known !== undefined) return known;
    return Number(
      this.sql.exec("SELECT COALESCE(MAX(seq), 0) AS last FROM te_journal WHERE run_id = ?", runId).one().last,
    );
  }
}
