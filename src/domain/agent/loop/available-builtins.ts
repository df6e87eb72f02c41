/**
 * The builtin tools the agent loop can dispatch today (docs/spec/tool-system.md §2; issue [agent-loop]):
 * the InvocationToolSnapshot's `availableBuiltins`, used by the one function that builds both a
 * run's tool snapshot and "What the model sees" (application/tools/invocation-tools.ts;
 * docs/decisions/2502). A profile may allow more builtin ids (the delegation tools): the snapshot
 * compiler binds only the ones listed here. The `skill.*` tools are dispatched since [skills]
 * (docs/spec/skills.md).
 */
export const AVAILABLE_BUILTIN_TOOLS: readonly string[] = [
  "chat.search",
  "chat.read_messages",
  "worldinfo.read_activated",
  "dice.roll",
  "skill.list",
  "skill.search",
  "skill.read",
  "workspace.list_files",
  "workspace.search_files",
  "workspace.read_file",
  "workspace.write_file",
  "workspace.apply_patch",
  "workspace.commit",
  "workspace.finish",
];
