/**
 * Agent loop operations (docs/spec/agent-runtime.md §3, §5, §9; issue [agent-loop]): start a run, cancel,
 * submit guidance, read a model turn. The step machine itself runs from the scheduler job
 * `agent.step` (durable-objects/steps/agent-loop.ts).
 */
import { cancelRun } from "../../src/application/agent/cancel-run";
import { submitGuidance } from "../../src/application/agent/guidance";
import { readModelTurn } from "../../src/application/agent/model-turn";
import { readToolCall } from "../../src/application/agent/tool-call-read";
import { revertCommit } from "../../src/application/agent/commit-revert";
import { restorePersist } from "../../src/application/agent/restore-persist";
import { workspaceDeps } from "../../src/composition/workspace";
import { readModelStream } from "../../src/application/agent/loop/model-stream";
import { readRunInvocations } from "../../src/application/agent/run-invocations";
import { mcpRegistryServices } from "../../src/composition/mcp-registry";
import { startRun } from "../../src/application/agent/start-run";
import { buildServerPromptSnapshot } from "../../src/application/agent/server-prompt";
import { chatPersona, requireChat } from "../../src/application/chats/chat-context";
import { agentLoopDeps } from "../../src/composition/agent-loop";
import { promptBuilder } from "../../src/composition/chat-generation";
import { chatDeps, chatServices } from "../../src/composition/chats";
import { modelServices } from "../../src/composition/models";
import type { Persona } from "../../src/domain/prompt/prompt-parts";
import { normalizeStableChatId } from "../../src/domain/agent/run-ids";
import { agentRunServices } from "../../src/composition/agent-runs";
import { AppError } from "../../src/domain/errors";
import { defineOps } from "./registry";

export const agentLoopOps = defineOps({
  "agent.runs.start": async (space, input) => {
    if (input.options?.stream === true)
      throw new AppError(
        "agent.stream_unsupported",
        "Agent runs already stream their model text live to every open device (agent.model_delta); the start request itself is not a stream, so leave options.stream unset or false.",
      );
    const { options, persona, promptSnapshot, ...rest } = input;
    // Without a snapshot the server builds it (docs/decisions/1902).
    // The request's persona wins, then the chat's, then the user's (docs/spec/chats.md "Personas").
    const chatPersonaOf = () =>
      chatPersona(chatDeps(space), requireChat(chatDeps(space), normalizeStableChatId(rest.stableChatId)));
    const effectivePersona = promptSnapshot ? undefined : (persona ?? chatPersonaOf() ?? undefined);
    const snapshot =
      promptSnapshot ??
      (await buildServerPromptSnapshot(
        { prompts: promptBuilder(space), repo: chatDeps(space).repo },
        {
          chatId: chatServices(space).getChat(normalizeStableChatId(rest.stableChatId)).id,
          generationType: rest.generationType ?? "normal",
          budgetTokens: modelServices(space).budget(rest.connectionId).promptTokens,
          nowMs: space.clock.now(),
          ...(effectivePersona ? { persona: effectivePersona } : {}),
        },
      ));
    return startRun(agentLoopDeps(space), {
      ...rest,
      promptSnapshot: snapshot,
      ...((rest.presentation ?? options?.presentation)
        ? { presentation: rest.presentation ?? options?.presentation }
        : {}),
    });
  },
  "agent.runs.cancel": (space, input) => cancelRun(agentLoopDeps(space), input.runId),
  "agent.runs.guidance": (space, input) => submitGuidance(agentLoopDeps(space), input),
  "agent.runs.modelTurn": (
    space,
    input: { runId: string; round: number; invocationId?: string; maxChars?: number },
  ) => {
    // A slimmed run's model responses are gone: 410 agent.run_slimmed (docs/spec/retention-usage.md).
    agentRunServices(space).runs.requireWhole(input.runId);
    return readModelTurn(agentLoopDeps(space), input);
  },
  "agent.runs.toolCall": (space, input: { runId: string; callId: string; invocationId?: string; round?: number }) => {
    // A slimmed run's tool arguments and results are gone: 410 agent.run_slimmed.
    agentRunServices(space).runs.requireWhole(input.runId);
    const deps = agentLoopDeps(space);
    return readToolCall(
      {
        store: deps.store,
        journal: deps.journal,
        serverName: (id) => {
          const found = mcpRegistryServices(space).lookupSummary(id);
          return found.status === "found" ? found.registration.displayName : null;
        },
      },
      input,
    );
  },
  "agent.runs.invocations": (space, input: { runId: string }) => readRunInvocations(agentLoopDeps(space), input.runId),
  "agent.runs.modelStream": (space, input: { runId: string }) => {
    agentRunServices(space).runs.get(input.runId);
    return readModelStream(agentLoopDeps(space).store, input.runId);
  },
  "agent.runs.revertCommit": (space, input: { runId: string; commitId: string }) => {
    const deps = agentLoopDeps(space);
    return revertCommit(
      {
        runs: agentRunServices(space).runs,
        journal: deps.journal,
        store: deps.store,
        chats: chatServices(space),
        clock: space.clock,
      },
      input,
    );
  },
  "agent.runs.restorePersist": (space, input: { runId: string; checkpointId: string }) =>
    restorePersist(
      { runs: agentRunServices(space).runs, journal: agentLoopDeps(space).journal, workspace: workspaceDeps(space) },
      input,
    ),
});
