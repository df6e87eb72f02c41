/** Step kind of chat generation: one step of a generation, ref = its generation id (src/application/generation/runner.ts). */
import { GENERATION_STEP_JOB } from "../../src/application/generation/deps";
import { runGenerationStep } from "../../src/application/generation/runner";
import { chatGenerationDeps } from "../../src/composition/chat-generation";
import type { StepHandler } from "./registry";

export const chatGenerationSteps: Record<string, StepHandler> = {
  [GENERATION_STEP_JOB]: (space, generationId) => runGenerationStep(chatGenerationDeps(space), generationId),
};
