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
} from "../../domain/agent/run-events";
import { normalizeEventsQuery, type ReadEventsQuery } from "../../domain/agent/journal-query";
import type { Clock } from "../../ports/space";
import type { RunJournal } from "../../ports/run-journal";

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

export class SqlRunJournalStore implements RunJournal {
  constructor(
    private readonly sql: SqlStorage,
    private readonly clock: Clock,
  ) {}

  append(runId: string, input: AppendEventInput): AgentRunEvent {
    const event = prepareEvent(runId, input, newEventId(), this.clock.now());
    const related = event.relatedInvocationIds.length > 0 ? `,${event.relatedInvocationIds.join(",")},` : null;
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
        related,
        event.payloadJson,
        runId,
      )
      .toArray()[0];
    if (!row) throw new AppError("agent.run_not_found", "No agent run with this id.", { runId });
    return {
      seq: Number(row.seq),
      id: event.id,
      runId,
      timestamp: new Date(event.at).toISOString(),
      level: event.level,
      type: event.type,
      payload: JSON.parse(event.payloadJson),
    };
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
    return Number(
      this.sql.exec("SELECT COALESCE(MAX(seq), 0) AS last FROM te_journal WHERE run_id = ?", runId).one().last,
    );
  }
}
