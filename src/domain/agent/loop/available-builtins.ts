/**
 * The builtin tools the agent loop can dispatch today (docs/spec/tool-system.md §2; issue [agent-loop]):
 * the InvocationToolSnapshot's `availableBuiltins`. A profile may allow more builtin ids (the
 * `skill.*` tools, the delegation tools): the snapshot compiler binds only the ones listed here.
 * `skill.*` join once [skills] lands.
 */
export const AVAILABLE_BUILTIN_TOOLS: readonly string[] = [
  "chat.search",
  "chat.read_messages",
  "worldinfo.read_activated",
  "dice.roll",
  "workspace.list_files",
  "workspace.search_files",
  "workspace.read_file",
  "workspace.write_file",
  "workspace.apply_patch",
  "workspace.commit",
  "workspace.finish",
];
