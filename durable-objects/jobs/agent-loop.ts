/**
 * Scheduler jobs of the agent loop: `agent.watchdog` (ref `runs`) ends runs that made no progress
 * for longer than their step may take (src/application/agent/watchdog.ts). The loop's steps
 * themselves are a step kind (steps.ts), not a job.
 */
import { WATCHDOG_JOB } from "../../src/application/agent/loop/deps";
import { checkStalledRuns } from "../../src/application/agent/watchdog";
import { agentLoopDeps } from "../../src/composition/agent-loop";
import type { JobHandler } from "./registry";

export const agentLoopJobs: Record<string, JobHandler> = {
  [WATCHDOG_JOB]: (space) => {
    checkStalledRuns(agentLoopDeps(space));
  },
};
