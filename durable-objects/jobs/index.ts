/** Scheduler job handlers by kind, merged from the features. Add one spread per feature file. */
import { agentLoopJobs } from "./agent-loop";
import { chatGenerationJobs } from "./chat-generation";
import { dataJobs } from "./data";
import { deviceJobs } from "./devices";
import type { JobHandler } from "./registry";
import { retentionJobs } from "./retention";
import { skillJobs } from "./skills";
import { approvalJobs } from "./approvals";

export const JOBS: Record<string, JobHandler> = {
  ...deviceJobs,
  ...agentLoopJobs,
  ...chatGenerationJobs,
  ...skillJobs,
  ...retentionJobs,
  ...dataJobs,
  ...approvalJobs,
};
