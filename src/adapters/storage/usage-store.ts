/** Reads the usage counters of schema v11 (`te_usage`) and the platform's database size. */
import type { UsageCounters } from "../../domain/usage";
import type { UsageReader } from "../../ports/retention";

export class SqlUsageStore implements UsageReader {
  constructor(private readonly sql: SqlStorage) {}

  counters(): UsageCounters {
    const out: Record<string, number> = {};
    for (const row of this.sql.exec("SELECT key, value FROM te_usage")) out[String(row.key)] = Number(row.value);
    return out;
  }

  databaseSize(): number {
    return this.sql.databaseSize;
  }
}
