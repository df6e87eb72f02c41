/** Step kind of the agent loop: `agent.step`, ref `<runId>/<invocationId>` (src/application/agent/loop/step-runner.ts). */
import { STEP_JOB } from "../../src/application/agent/loop/deps";
import { runAgentStep } from "../../src/application/agent/loop/step-runner";
import { agentLoopDeps } from "../../src/composition/agent-loop";
import { parseStepRef } from "../../src/domain/agent/loop/step-ref";
import type { StepHandler } from "./registry";

export const agentLoopSteps: Record<string, StepHandler> = {
  [STEP_JOB]: async (space, ref) => {
    const { runId, invocationId } = parseStepRef(ref);
    await runAgentStep(agentLoopDeps(space), runId, invocationId);
  },
};
