/** Step kinds by job kind, merged from the features (see ./registry.ts). Add one spread per feature file. */
import { agentLoopSteps } from "./agent-loop";
import { chatGenerationSteps } from "./chat-generation";
import { dataSteps } from "./data";
import type { StepHandler } from "./registry";

export const STEP_KINDS: Record<string, StepHandler> = {
  ...agentLoopSteps,
  ...chatGenerationSteps,
  ...dataSteps,
};
