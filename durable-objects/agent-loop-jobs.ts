/**
 * Scheduler job of the agent loop (issue [agent-loop]): `agent.step` (ref = run id) runs exactly
 * one step of the run's persisted step machine per alarm invocation (see
 * src/application/agent/loop/step-runner.ts); the step schedules the next one.
 */
import { STEP_JOB } from "../src/application/agent/loop/deps";
import { runAgentStep } from "../src/application/agent/loop/step-runner";
import { agentLoopDeps } from "../src/composition/agent-loop";
import type { JobHandler } from "./scheduler";

export const agentLoopJobs: Record<string, JobHandler> = {
  [STEP_JOB]: async (space, runId) => {
    await runAgentStep(agentLoopDeps(space), runId);
  },
};
