/**
 * Scheduler job of run retention (docs/spec/retention-usage.md "Automatic prune"):
 * `retention.prune` with ref "daily" (once a day while autoPruneEnabled) or "continue" (the rest
 * of a prune that reached its time budget).
 */
import { RETENTION_JOB } from "../../src/application/agent/retention";
import { retentionService } from "../../src/composition/retention";
import type { JobHandler } from "./registry";

export const retentionJobs: Record<string, JobHandler> = {
  [RETENTION_JOB]: (space, ref) => {
    retentionService(space).runJob(ref);
  },
};
