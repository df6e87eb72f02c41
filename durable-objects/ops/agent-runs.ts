/**
 * Agent run record and journal operations (docs/spec/journal.md, docs/spec/agent-runtime.md §9): list, get, read events,
 * delete. Run creation, cancel and the step machine are the agent loop's (see
 * src/application/agent/run-records.ts and journal.ts for the methods it calls).
 */
import { agentRunServices } from "../../src/composition/agent-runs";
import { chatServices } from "../../src/composition/chats";
import { AppError } from "../../src/domain/errors";
import {
  toRunHandle,
  toRunSummary,
  type AgentRunHandle,
  type AgentRunSummary,
} from "../../src/domain/agent/run-record";
import type { Space } from "../../src/ports/space";
import type { AgentRunStatus } from "../../src/domain/agent/run-status";
import { defineOps } from "./registry";

/** Development-only operations (tests, benchmarks, UI work before the agent loop exists). */
function requireDevelopment(space: Space): void {
  if (!space.development)
    throw new AppError("http.route_not_found", "This development route is not available on a deployed server.");
}

export const agentRunDevOps = defineOps({
  "agent.dev.createRun": async (
    space,
    input: { stableChatId: string; presentation?: "foreground" | "background" },
  ): Promise<AgentRunHandle> => {
    requireDevelopment(space);
    return toRunHandle(await agentRunServices(space).runs.create(input));
  },
  "agent.dev.appendEvents": (
    space,
    input: { runId: string; count: number; payloadChars?: number },
  ): { lastSeq: number } => {
    requireDevelopment(space);
    const { runs, journal } = agentRunServices(space);
    runs.get(input.runId);
    const filler = "x".repeat(input.payloadChars ?? 0);
    let lastSeq = journal.lastSeq(input.runId);
    for (let i = 0; i < input.count; i += 1) {
      lastSeq = journal.append(input.runId, {
        type: "tool_call_completed",
        payload: {
          round: 1,
          callId: `call_dev_${lastSeq + 1}`,
          name: "dice.roll",
          isError: false,
          elapsedMs: 0,
          note: filler,
        },
      }).seq;
    }
    return { lastSeq };
  },
  "agent.dev.transition": (space, input: { runId: string; status: AgentRunStatus }): AgentRunSummary => {
    requireDevelopment(space);
    return toRunSummary(agentRunServices(space).runs.transition(input.runId, input.status));
  },
});

/** Adds each run's chat title (one read per distinct chat; null for a deleted chat). */
function withChatTitles(space: Space, runs: AgentRunSummary[]): AgentRunSummary[] {
  const titles = new Map<string, string | null>();
  const chats = chatServices(space);
  return runs.map((run) => {
    if (!titles.has(run.stableChatId)) {
      let title: string | null = null;
      try {
        title = chats.getChat(run.stableChatId).title;
      } catch (error) {
        if (!(error instanceof AppError && error.code === "chat.not_found")) throw error;
      }
      titles.set(run.stableChatId, title);
    }
    return { ...run, chatTitle: titles.get(run.stableChatId) ?? null };
  });
}

export const agentRunOps = defineOps({
  "agent.runs.list": (space, input) => {
    const page = agentRunServices(space).runs.list(input);
    return { ...page, runs: withChatTitles(space, page.runs) };
  },
  "agent.runs.get": (space, input) =>
    withChatTitles(space, [toRunSummary(agentRunServices(space).runs.get(input.runId))])[0]!,
  "agent.runs.events": (space, input) => {
    const { runId, ...query } = input;
    return { events: agentRunServices(space).journal.readPage(runId, query) };
  },
  "agent.runs.delete": (space, input) => agentRunServices(space).runs.delete(input.runId),
  ...agentRunDevOps,
});
