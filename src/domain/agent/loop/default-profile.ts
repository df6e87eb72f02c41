/**
 * AVAILABLE_BUILTIN_TOOLS: the builtin tools the loop can dispatch today (the snapshot's
 * `availableBuiltins`; `skill.*` join once skills exist).
 *
 * defaultWriterProfile(): a loop-shaped copy of `default-writer` used by the loop's tests and
 * benchmarks. Runs resolve profiles through [agent-profiles] (ADR 1300), whose default-writer also
 * allows `dice.roll`; this fixture follows contracts.md §3.14 "Default profile"; DESIGN.md `mcp:*`:
 * foreground, directRunnable, preset/model from the prompt snapshot, messageBody `output/main.md`,
 * all five roots visible and writable, maxRounds 80, maxCallsPerRun 80, MCP inline limit 50,000.
 * Tools: the non-delegation builtin tools this server has, except `dice.roll` (not enabled in
 * default profiles) — `skill.*` only once skills exist — then every Ask/Allow MCP tool (`mcp:*`).
 */
import { MCP_WILDCARD } from "../../tools/snapshot-compiler";
import type { ResolvedAgentProfile } from "./profile";

export const DEFAULT_PROFILE_ID = "default-writer";

/** Builtin tools the loop can dispatch today (no skills yet). */
export const AVAILABLE_BUILTIN_TOOLS: readonly string[] = [
  "chat.search", "chat.read_messages", "worldinfo.read_activated", "dice.roll",
  "workspace.list_files", "workspace.search_files", "workspace.read_file", "workspace.write_file",
  "workspace.apply_patch", "workspace.commit", "workspace.finish",
];

/** A fresh copy of default-writer. */
export function defaultWriterProfile(): ResolvedAgentProfile {
  return {
    id: DEFAULT_PROFILE_ID,
    displayName: "Default Writer",
    source: "builtin",
    presentation: "foreground",
    modelRetry: { maxRetries: 3, intervalMs: 3000 },
    model: { mode: "currentPromptSnapshot" },
    tools: {
      allow: [...AVAILABLE_BUILTIN_TOOLS.filter((name) => name !== "dice.roll").map((name) => `builtin:${name}`), MCP_WILDCARD],
      deny: [],
      maxRounds: 80,
      maxCallsPerRun: 80,
      mcpResultInlineCharLimit: 50_000,
    },
    workspace: { visibleRoots: ["output", "scratch", "plan", "summaries", "persist"], writableRoots: ["output", "scratch", "plan", "summaries", "persist"] },
    messageBodyPath: "output/main.md",
    agentSystemPrompt: null,
  };
}
