/** Scheduler jobs of skills: expiring import previews that were never installed (docs/spec/skills.md). */
import { PREVIEW_EXPIRY_JOB } from "../../src/application/skills/deps";
import { skillImports } from "../../src/composition/skills";
import type { JobHandler } from "./registry";

export const skillJobs: Record<string, JobHandler> = {
  [PREVIEW_EXPIRY_JOB]: (space) => {
    skillImports(space).expirePreviews();
  },
};
