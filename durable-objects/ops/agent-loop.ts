/**
 * Agent loop operations (docs/spec/agent-runtime.md §3, §5, §9; issue [agent-loop]): start a run, cancel,
 * submit guidance, read a model turn. The step machine itself runs from the scheduler job
 * `agent.step` (durable-objects/jobs.ts).
 */
import { cancelRun } from "../../src/application/agent/loop/cancel";
import { submitGuidance } from "../../src/application/agent/loop/guidance";
import { readModelTurn } from "../../src/application/agent/loop/model-turn";
import { startRun, type StartRunInput } from "../../src/application/agent/loop/start-run";
import { agentLoopDeps } from "../../src/composition/agent-loop";
import { AppError } from "../../src/domain/errors";
import { defineOps } from "./registry";

export const agentLoopOps = defineOps({
  "agent.runs.start": (
    space,
    input: StartRunInput & { options?: { presentation?: "foreground" | "background"; stream?: boolean } },
  ) => {
    if (input.options?.stream === true)
      throw new AppError(
        "agent.stream_unsupported",
        "Agent runs do not stream yet; leave options.stream unset or false.",
      );
    const { options, ...rest } = input;
    return startRun(agentLoopDeps(space), {
      ...rest,
      ...((rest.presentation ?? options?.presentation)
        ? { presentation: rest.presentation ?? options?.presentation }
        : {}),
    });
  },
  "agent.runs.cancel": (space, input: { runId: string }) => cancelRun(agentLoopDeps(space), input.runId),
  "agent.runs.guidance": (space, input: { runId: string; text: string; clientGuidanceId?: string }) =>
    submitGuidance(agentLoopDeps(space), input),
  "agent.runs.modelTurn": (space, input: { runId: string; round: number; invocationId?: string; maxChars?: number }) =>
    readModelTurn(agentLoopDeps(space), input),
});
