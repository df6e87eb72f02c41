/**
 * Scheduler jobs of chat generation (docs/spec/generation.md "Steps"):
 * - `chat.generation_step` (ref = generation id): the lease; when it fires and no step of the
 *   generation runs in this object (a restart), the generation resumes from SQLite, detached.
 * - `chat.generation_expire` (ref = generation id): deletes the record 24 h after it ended.
 */
import { GENERATION_EXPIRE_JOB, GENERATION_STEP_JOB } from "../src/application/generation/deps";
import { runGeneration } from "../src/application/generation/runner";
import { chatGenerationDeps } from "../src/composition/chat-generation";
import type { JobHandler } from "./scheduler";

export const chatGenerationJobs: Record<string, JobHandler> = {
  [GENERATION_STEP_JOB]: (space, generationId) => {
    const deps = chatGenerationDeps(space);
    if (!deps.inflight.has(generationId)) deps.detach(runGeneration(deps, generationId));
  },
  [GENERATION_EXPIRE_JOB]: (space, generationId) => {
    const deps = chatGenerationDeps(space);
    if (deps.store.get(generationId)?.endedAt != null) deps.store.delete(generationId);
  },
};
