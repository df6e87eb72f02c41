/** The scheduler's job table `te_schedule` (schema v1; docs/spec/scheduling.md). */
import type { ScheduledJob, ScheduleStore } from "../../ports/schedule-store";

function toJob(row: Record<string, SqlStorageValue>): ScheduledJob {
  return {
    kind: String(row.kind),
    ref: String(row.ref),
    dueAt: Number(row.due_at),
    attempts: Number(row.attempts),
    lastError: row.last_error === null || row.last_error === undefined ? null : String(row.last_error),
  };
}

export class SqlScheduleStore implements ScheduleStore {
  constructor(private readonly sql: SqlStorage) {}

  put(kind: string, ref: string, dueAt: number): void {
    this.sql.exec(
      "INSERT INTO te_schedule(kind, ref, due_at, attempts) VALUES(?, ?, ?, 0) ON CONFLICT(kind, ref) DO UPDATE SET due_at = excluded.due_at, attempts = 0, last_error = NULL",
      kind,
      ref,
      dueAt,
    );
  }

  putBy(kind: string, ref: string, dueAt: number): void {
    this.sql.exec(
      "INSERT INTO te_schedule(kind, ref, due_at, attempts) VALUES(?, ?, ?, 0) ON CONFLICT(kind, ref) DO UPDATE SET due_at = MIN(due_at, excluded.due_at)",
      kind,
      ref,
      dueAt,
    );
  }

  putRetry(kind: string, ref: string, dueAt: number, attempts: number, lastError: string): void {
    this.sql.exec(
      "INSERT INTO te_schedule(kind, ref, due_at, attempts, last_error) VALUES(?, ?, ?, ?, ?) ON CONFLICT(kind, ref) DO NOTHING",
      kind,
      ref,
      dueAt,
      attempts,
      lastError,
    );
  }

  dueAt(kind: string, ref: string): number | null {
    const row = this.sql.exec("SELECT due_at FROM te_schedule WHERE kind = ? AND ref = ?", kind, ref).toArray()[0];
    return row ? Number(row.due_at) : null;
  }

  delete(kind: string, ref: string): void {
    this.sql.exec("DELETE FROM te_schedule WHERE kind = ? AND ref = ?", kind, ref);
  }

  deleteAt(kind: string, ref: string, dueAt: number): void {
    this.sql.exec("DELETE FROM te_schedule WHERE kind = ? AND ref = ? AND due_at = ?", kind, ref, dueAt);
  }

  due(horizon: number, limit: number): ScheduledJob[] {
    return this.sql
      .exec(
        "SELECT kind, ref, due_at, attempts FROM te_schedule WHERE due_at <= ? ORDER BY due_at LIMIT ?",
        horizon,
        limit,
      )
      .toArray()
      .map(toJob);
  }

  all(): ScheduledJob[] {
    return this.sql.exec("SELECT * FROM te_schedule ORDER BY due_at, kind, ref").toArray().map(toJob);
  }

  nextDueAt(): number | null {
    const row = this.sql.exec("SELECT MIN(due_at) AS next FROM te_schedule").one();
    return row.next === null ? null : Number(row.next);
  }
}
