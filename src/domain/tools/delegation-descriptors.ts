/**
 * Descriptors of the delegation tools (docs/spec/agent-delegation.md §3): `agent.list`,
 * `agent.delegate`, `agent.await`, `agent.handoff` and the runtime-only `task.return`, addressed
 * `builtin:<name>`, model alias with `.` → `_`. `task.return` is never bound from a profile's
 * allow list; the runtime appends it to a return-mode child's snapshot.
 */
import type { JsonObject, ToolDescriptor } from "./descriptor";
import { builtinToolId } from "./tool-id";

export const DELEGATION_TOOL_NAMES = [
  "agent.list",
  "agent.delegate",
  "agent.handoff",
  "agent.await",
  "task.return",
] as const;
export type DelegationToolName = (typeof DELEGATION_TOOL_NAMES)[number];

const str = (description: string): JsonObject => ({ type: "string", description });
const strings = (description: string): JsonObject => ({ type: "array", items: { type: "string" }, description });
const brief = (what: string, extra: Record<string, JsonObject> = {}): JsonObject => ({
  type: "object",
  description: what,
  properties: {
    objective: str("What to achieve, in full sentences (required)."),
    title: str("A short title."),
    ...extra,
  },
  required: ["objective"],
});

const SPECS: Record<DelegationToolName, { title: string; description: string; inputSchema: JsonObject }> = {
  "agent.list": {
    title: "List agents",
    description:
      "List the agents you may delegate tasks to (agent_delegate) or hand the run off to (agent_handoff), with their limits.",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        purpose: { type: "string", enum: ["any", "delegate", "handoff"], description: "Which agents (default any)." },
        query: str("Text to match in an agent's id, name or description."),
        limit: { type: "integer", minimum: 1, maximum: 20, description: "Most agents to list (default 8)." },
      },
    },
  },
  "agent.delegate": {
    title: "Delegate a task",
    description:
      "Start a task with another agent (see agent_list). It works in the background on the same workspace files and returns a summary; collect it with agent_await. Returns the task id at once.",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        agentId: str("The agent's profile id."),
        task: brief("The task brief.", {
          context: { type: "object", description: "Facts the agent needs." },
          expectedOutput: { type: "object", description: "What the result should contain." },
        }),
      },
      required: ["agentId", "task"],
    },
  },
  "agent.handoff": {
    title: "Hand off the run",
    description:
      "Give the rest of this run to another agent (see agent_list), which continues and finishes it. Must be the last tool call of its turn.",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        agentId: str("The agent's profile id."),
        handoff: brief("The handoff brief.", {
          reason: str("Why you hand off."),
          contextSummary: str("What happened so far."),
          workspaceRefs: strings("Workspace files the next agent should read."),
          mustPreserve: strings("Things that must not change."),
          completionCriteria: strings("When the work is done."),
        }),
        pendingTaskPolicy: { type: "string", enum: ["denyIfPending"], description: "Only denyIfPending." },
      },
      required: ["agentId", "handoff"],
    },
  },
  "agent.await": {
    title: "Wait for tasks",
    description:
      "Wait for delegated tasks and get their results: nextCompleted (default) returns when one finishes, allCompleted when all have, statusOnly at once.",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        taskIds: strings("Tasks to wait for (default: every task you started)."),
        mode: { type: "string", enum: ["nextCompleted", "allCompleted", "statusOnly"], description: "How to wait." },
        timeoutMs: {
          type: "integer",
          minimum: 1,
          maximum: 300000,
          description: "Longest wait in milliseconds (default 120000).",
        },
      },
    },
  },
  "task.return": {
    title: "Return the task result",
    description:
      "Finish your task and give the result to the agent that asked for it. Must be the last tool call of its turn.",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        summary: str("The result, complete enough to use without reading anything else."),
        status: { type: "string", enum: ["completed", "failed"], description: "completed (default) or failed." },
        confidence: { type: "string", enum: ["low", "medium", "high"] },
        artifacts: {
          type: "array",
          items: {
            type: "object",
            properties: { path: { type: "string" }, kind: { type: "string" }, role: { type: "string" } },
            required: ["path"],
          },
          description: "Workspace files you wrote for the caller.",
        },
        findings: { type: "array", items: { type: "object" } },
        warnings: strings("Things the caller should know."),
        suggestedNextActions: strings("What the caller could do next."),
        questionsForCaller: strings("Open questions."),
      },
      required: ["summary"],
    },
  },
};

/** True for one of the five delegation tool names. */
export function isDelegationToolName(name: string): name is DelegationToolName {
  return (DELEGATION_TOOL_NAMES as readonly string[]).includes(name);
}

/** A fresh descriptor of delegation tool `name`. */
export function delegationDescriptor(name: DelegationToolName): ToolDescriptor {
  const spec = SPECS[name];
  return structuredClone({
    id: builtinToolId(name),
    title: spec.title,
    description: spec.description,
    inputSchema: spec.inputSchema,
    annotations: name === "agent.list" || name === "agent.await" ? { readOnly: true } : { control: true },
  });
}
