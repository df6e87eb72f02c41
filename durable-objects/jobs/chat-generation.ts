/**
 * Scheduler job of chat generation (docs/spec/generation.md §7): `chat.generation_expire`
 * (ref = generation id) deletes the record 24 h after it ended. The steps themselves are the step
 * kind `chat.generation_step` (durable-objects/steps/chat-generation.ts).
 */
import { GENERATION_EXPIRE_JOB } from "../../src/application/generation/deps";
import { chatGenerationDeps } from "../../src/composition/chat-generation";
import type { JobHandler } from "./registry";

export const chatGenerationJobs: Record<string, JobHandler> = {
  [GENERATION_EXPIRE_JOB]: (space, generationId) => {
    const deps = chatGenerationDeps(space);
    if (deps.store.get(generationId)?.endedAt != null) deps.store.delete(generationId);
  },
};
