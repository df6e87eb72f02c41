/**
 * The builtin tools the agent loop can dispatch today (docs/spec/tool-system.md §2; issue [agent-loop]):
 * the InvocationToolSnapshot's `availableBuiltins`, used by the one function that builds both a
 * run's tool snapshot and "What the model sees" (application/tools/invocation-tools.ts;
 * docs/decisions/2502). Every non-delegation builtin of the registry (builtin-descriptors.ts) is
 * dispatched, the `skill.*` tools since [skills] (docs/spec/skills.md), so this list is that one.
 * A profile may allow more builtin ids (the delegation tools): the snapshot compiler binds only the
 * ones listed here.
 */
import { BUILTIN_TOOL_NAMES } from "../../tools/builtin-descriptors";

export const AVAILABLE_BUILTIN_TOOLS: readonly string[] = BUILTIN_TOOL_NAMES;

/**
 * The delegation tools the loop runs (docs/spec/agent-delegation.md §3): bound when a profile lists
 * them (`task.return` only by the runtime, for return-mode children).
 */
export const AVAILABLE_DELEGATION_TOOLS: readonly string[] = [
  "agent.list",
  "agent.delegate",
  "agent.handoff",
  "agent.await",
  "task.return",
];
