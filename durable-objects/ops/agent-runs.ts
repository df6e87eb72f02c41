/**
 * Agent run record and journal operations (contracts.md §3.4, §3.17): list, get, read events,
 * delete. Run creation, cancel and the step machine are the agent loop's (see
 * src/application/agent/run-records.ts and journal.ts for the methods it calls).
 */
import { agentRunServices } from "../../src/composition/agent-runs";
import { toRunSummary, type AgentRunSummary } from "../../src/domain/agent/run-record";
import type { AgentRunEvent } from "../../src/domain/agent/run-events";
import type { AgentRunStatus } from "../../src/domain/agent/run-status";
import { defineOps } from "./registry";

export const agentRunOps = defineOps({
  "agent.runs.list": (space, input: { stableChatId?: string; statuses?: AgentRunStatus[]; cursor?: string; limit?: number }) =>
    agentRunServices(space).runs.list(input),
  "agent.runs.get": (space, input: { runId: string }): AgentRunSummary => toRunSummary(agentRunServices(space).runs.get(input.runId)),
  "agent.runs.events": (space, input: { runId: string; afterSeq?: number; beforeSeq?: number; limit?: number; invocationId?: string }): { events: AgentRunEvent[] } => {
    const { runId, ...query } = input;
    return { events: agentRunServices(space).journal.readPage(runId, query) };
  },
  "agent.runs.delete": (space, input: { runId: string }) => agentRunServices(space).runs.delete(input.runId),
});
