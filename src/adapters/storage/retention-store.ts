/** The retention settings row (`te_retention`, schema v11) and the run ranking it plans over. */
import { DEFAULT_RETENTION, type RetentionCandidate, type RetentionSettings } from "../../domain/agent/retention";
import type { AgentRunStatus } from "../../domain/agent/run-status";
import type { PruneRecord, RetentionStore, StoredRetention } from "../../ports/retention";

export class SqlRetentionStore implements RetentionStore {
  constructor(private readonly sql: SqlStorage) {}

  read(): StoredRetention {
    const row = this.sql.exec("SELECT * FROM te_retention WHERE id = 1").toArray()[0];
    if (!row) return { ...DEFAULT_RETENTION, revision: 0, updatedAt: null, lastPrune: null };
    return {
      keepRecentTerminalRuns: Number(row.keep_recent_terminal_runs),
      keepFullRecentRuns: Number(row.keep_full_recent_runs),
      autoPruneEnabled: Number(row.auto_prune_enabled) === 1,
      revision: Number(row.revision),
      updatedAt: Number(row.revision) === 0 ? null : Number(row.updated_at),
      lastPrune: row.last_prune === null ? null : (JSON.parse(String(row.last_prune)) as PruneRecord),
    };
  }

  write(settings: RetentionSettings, now: number): number {
    return Number(
      this.sql
        .exec(
          `INSERT INTO te_retention(id, keep_recent_terminal_runs, keep_full_recent_runs, auto_prune_enabled, revision, updated_at)
           VALUES(1, ?, ?, ?, 1, ?) ON CONFLICT(id) DO UPDATE SET keep_recent_terminal_runs = excluded.keep_recent_terminal_runs,
           keep_full_recent_runs = excluded.keep_full_recent_runs, auto_prune_enabled = excluded.auto_prune_enabled,
           revision = te_retention.revision + 1, updated_at = excluded.updated_at RETURNING revision`,
          settings.keepRecentTerminalRuns,
          settings.keepFullRecentRuns,
          settings.autoPruneEnabled ? 1 : 0,
          now,
        )
        .one().revision,
    );
  }

  recordPrune(record: PruneRecord): void {
    const current = this.read();
    this.sql.exec(
      `INSERT INTO te_retention(id, keep_recent_terminal_runs, keep_full_recent_runs, auto_prune_enabled, revision, updated_at, last_prune)
       VALUES(1, ?, ?, ?, 0, 0, ?) ON CONFLICT(id) DO UPDATE SET last_prune = excluded.last_prune`,
      current.keepRecentTerminalRuns,
      current.keepFullRecentRuns,
      current.autoPruneEnabled ? 1 : 0,
      JSON.stringify(record),
    );
  }

  *candidates(): Iterable<RetentionCandidate> {
    for (const row of this.sql.exec(
      "SELECT id, stable_chat_id, status, created_at, terminal_at, slimmed_at FROM te_runs ORDER BY created_at DESC, id DESC",
    )) {
      yield {
        runId: String(row.id),
        stableChatId: String(row.stable_chat_id),
        status: String(row.status) as AgentRunStatus,
        createdAt: Number(row.created_at),
        terminalAt: row.terminal_at === null ? null : Number(row.terminal_at),
        slimmedAt: row.slimmed_at === null ? null : Number(row.slimmed_at),
      };
    }
  }
}
