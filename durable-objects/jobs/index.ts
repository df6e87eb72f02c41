/** Scheduler job handlers by kind, merged from the features. Add one entry (or spread) per job kind. */
import { deviceServices } from "../src/composition/devices";
import { PURGE_JOB } from "../src/application/devices/device-service";
import type { JobHandler } from "./scheduler";
import { agentLoopJobs } from "./agent-loop-jobs";
import { chatGenerationJobs } from "./chat-generation-jobs";
import { PREVIEW_EXPIRY_JOB } from "../src/application/skills/deps";
import { skillImports } from "../src/composition/skills";
import { retentionJobs } from "./retention-jobs";
import { DATA_EXPIRY_JOB } from "../src/application/data/deps";
import { expireData } from "../src/application/data/export-reads";
import { dataDeps } from "../src/composition/data";

export const JOBS: Record<string, JobHandler> = {
  [PURGE_JOB]: (space) => {
    deviceServices(space).purgeExpired();
  },
  ...agentLoopJobs,
  ...chatGenerationJobs,
  [PREVIEW_EXPIRY_JOB]: (space) => {
    skillImports(space).expirePreviews();
  },
  ...retentionJobs,
  [DATA_EXPIRY_JOB]: (space) => {
    expireData(dataDeps(space));
  },
};
