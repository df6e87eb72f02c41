/**
 * Step kinds by job kind (docs/spec/scheduling.md "Step kinds"): a due job of one of these kinds is
 * started detached under a lease (step-dispatcher.ts) instead of being awaited by the alarm. A
 * feature whose work is a persisted step machine (agent runs today; chat generations and child
 * invocations next) adds one entry: `kind → (space, ref) => Promise<void>` running exactly one
 * step of the machine named by `ref`, which saves its state and schedules its next step itself.
 */
import { STEP_JOB } from "../src/application/agent/loop/deps";
import { runAgentStep } from "../src/application/agent/loop/step-runner";
import { agentLoopDeps } from "../src/composition/agent-loop";
import { parseStepRef } from "../src/domain/agent/loop/step-ref";
import { GENERATION_STEP_JOB } from "../src/application/generation/deps";
import { runGenerationStep } from "../src/application/generation/runner";
import { chatGenerationDeps } from "../src/composition/chat-generation";
import { EXPORT_STEP_JOB, RESTORE_STEP_JOB } from "../src/application/data/deps";
import { runExportStep } from "../src/application/data/export-job";
import { runRestoreStep } from "../src/application/data/restore-job";
import { dataDeps } from "../src/composition/data";
import type { StepHandler } from "./step-dispatcher";

export const STEP_KINDS: Record<string, StepHandler> = {
  [STEP_JOB]: async (space, ref) => {
    const { runId, invocationId } = parseStepRef(ref);
    await runAgentStep(agentLoopDeps(space), runId, invocationId);
  },
  [GENERATION_STEP_JOB]: (space, generationId) => runGenerationStep(chatGenerationDeps(space), generationId),
  [EXPORT_STEP_JOB]: (space, exportId) => runExportStep(dataDeps(space), exportId),
  [RESTORE_STEP_JOB]: (space, restoreId) => runRestoreStep(dataDeps(space), restoreId),
};
