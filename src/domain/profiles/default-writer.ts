/**
 * The built-in, read-only `default-writer` profile (docs/spec/profiles.md §5, adapted
 * to TavernEdge; docs/decisions/1300): "Default Writer", foreground, directRunnable, preset and
 * model `currentPromptSnapshot`, messageBody `main` → `output/main.md` (markdown), all five roots
 * visible and writable, skills `["*"]`, plan none, maxRounds 80, maxCallsPerRun 80,
 * mcpResultInlineCharLimit 50,000, delegation off. `tools.allow` = the 14 builtin tools of
 * [tool-system] in registry order, then `mcp:*` (docs/spec/tool-system.md §5: every Ask/Allow MCP tool reaches the
 * agent without editing a profile) — the same list tool-system served before this feature.
 */
import { BUILTIN_TOOL_IDS } from "../tools/builtin-descriptors";
import { MCP_WILDCARD } from "../tools/snapshot-compiler";
import { ROOT_UNIVERSE } from "../workspace/roots";
import {
  AGENT_PROFILE_KIND,
  AGENT_PROFILE_SCHEMA_VERSION,
  DELEGATION_DEFAULTS,
  PROFILE_DEFAULTS,
  type AgentProfileDefinition,
} from "./definition";

/** Id of the built-in profile used when a run names none. */
export const DEFAULT_WRITER_ID = "default-writer";

/** A fresh copy of the built-in profile (callers may mutate it). */
export function defaultWriterDefinition(): AgentProfileDefinition {
  return {
    schemaVersion: AGENT_PROFILE_SCHEMA_VERSION,
    kind: AGENT_PROFILE_KIND,
    id: DEFAULT_WRITER_ID,
    displayName: "Default Writer",
    description:
      "Writes the next chat message in the workspace, commits it and finishes. Uses every builtin tool and every MCP tool you set to Ask or Allow.",
    preset: { mode: "currentPromptSnapshot", required: false },
    model: { mode: "currentPromptSnapshot" },
    run: {
      presentation: "foreground",
      directRunnable: true,
      modelRetry: { maxRetries: PROFILE_DEFAULTS.maxRetries, intervalMs: PROFILE_DEFAULTS.intervalMs },
      stream: false,
    },
    context: { initialChatHistoryMessages: -1, includeActivatedWorldInfo: true },
    delegation: structuredClone(DELEGATION_DEFAULTS),
    instructions: { agentSystemPrompt: null },
    tools: {
      allow: [...BUILTIN_TOOL_IDS, MCP_WILDCARD],
      deny: [],
      toolDescriptions: {},
      maxRounds: 80,
      maxCallsPerRun: PROFILE_DEFAULTS.maxCallsPerRun,
      maxCallsPerTool: {},
      mcpResultInlineCharLimit: PROFILE_DEFAULTS.mcpResultInlineCharLimit,
    },
    skills: {
      visible: ["*"],
      deny: [],
      maxReadCharsPerCall: PROFILE_DEFAULTS.maxReadCharsPerCall,
      maxReadCharsPerRun: PROFILE_DEFAULTS.maxReadCharsPerRun,
    },
    workspace: { visibleRoots: [...ROOT_UNIVERSE], writableRoots: [...ROOT_UNIVERSE] },
    plan: { mode: "none", beta: true, nodes: [] },
    output: {
      artifacts: [
        {
          id: "main",
          path: "output/main.md",
          kind: "markdown",
          target: "messageBody",
          required: false,
          assemblyOrder: 0,
        },
      ],
    },
  };
}
