/**
 * Composition: retention and usage of one user's space (docs/spec/retention-usage.md).
 */
import { SqlRetentionStore } from "../adapters/storage/retention-store";
import { SqlUsageStore } from "../adapters/storage/usage-store";
import { RETENTION_JOB, RetentionService } from "../application/agent/retention";
import { usageReport, type UsageReport } from "../domain/usage";
import type { Space } from "../ports/space";
import { agentRunServices } from "./agent-runs";

export function retentionService(space: Space): RetentionService {
  return space.memo(
    "retention",
    () =>
      new RetentionService({
        store: new SqlRetentionStore(space.sql),
        usage: new SqlUsageStore(space.sql),
        runs: agentRunServices(space).runs,
        scheduler: space.scheduler,
        sockets: space.sockets,
        clock: space.clock,
        dailyDueAt: () => space.scheduler.dueAt(RETENTION_JOB, "daily"),
        log: (record) => console.log(JSON.stringify({ level: "info", event: "retention.pruned", ...record })),
      }),
  );
}

/** `GET /api/v1/usage`: counters kept as data changes plus the platform's database size; no scan. */
export function usageOf(space: Space): UsageReport {
  const store = new SqlUsageStore(space.sql);
  return usageReport(store.counters(), store.databaseSize());
}
