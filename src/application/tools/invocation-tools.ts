/**
 * Tool preparation for one agent invocation (docs/spec/tool-system.md §1, §3): resolve the profile's MCP
 * selection cached-only, then compile the InvocationToolSnapshot (builtin + MCP, `mcp:*` expanded,
 * docs/spec/tool-system.md §4.2 aliases, profile descriptions on top). The agent loop calls this once per invocation and
 * stores the snapshot; the diagnostics go to the journal (`context_assembled`).
 */
import { AVAILABLE_BUILTIN_TOOLS, AVAILABLE_DELEGATION_TOOLS } from "../../domain/agent/loop/available-builtins";
import { BUILTIN_TOOL_IDS } from "../../domain/tools/builtin-descriptors";
import {
  compileInvocationToolSnapshot,
  MCP_WILDCARD,
  type ModelToolDiagnostic,
  type ProfileToolPolicy,
} from "../../domain/tools/snapshot-compiler";
import type { InvocationToolSnapshot } from "../../domain/tools/snapshot";
import type { ModelToolResolver } from "./model-tool-resolver";

/** The built-in `default-writer` profile's tools: the 14 builtin tools and `mcp:*` (docs/spec/tool-system.md §5), 80 calls per invocation. */
export const DEFAULT_WRITER_PROFILE_ID = "default-writer";
export const DEFAULT_WRITER_TOOL_POLICY: ProfileToolPolicy = Object.freeze({
  allow: [...BUILTIN_TOOL_IDS, MCP_WILDCARD],
  deny: [],
  maxCallsPerRun: 80,
}) as ProfileToolPolicy;

/** The builtin tools plus the delegation tools the loop runs (docs/spec/agent-delegation.md §3). */
const AGENT_BUILTINS: ReadonlySet<string> = new Set([...AVAILABLE_BUILTIN_TOOLS, ...AVAILABLE_DELEGATION_TOOLS]);

/** A compiled snapshot and every diagnostic (resolver + compile). */
export interface PreparedInvocationTools {
  snapshot: InvocationToolSnapshot;
  diagnostics: ModelToolDiagnostic[];
}

/**
 * Resolves and compiles. `snapshotId` is normally the invocation id (`inv_root`). This is the one
 * function that decides which tools a run is offered AND what "What the model sees" lists
 * (`GET /mcp/model-tools?profileId=`): builtin tools are limited to AVAILABLE_BUILTIN_TOOLS, the
 * ones the loop dispatches (docs/decisions/2502).
 * Throws the snapshot codes of createInvocationToolSnapshot (e.g. `tool.snapshot_budget_invalid`).
 */
export async function prepareInvocationTools(
  resolver: ModelToolResolver,
  policy: ProfileToolPolicy,
  snapshotId: string,
): Promise<PreparedInvocationTools> {
  const resolved = await resolver.resolveForPolicy(policy.allow, policy.deny ?? []);
  const compiled = compileInvocationToolSnapshot({
    snapshotId,
    policy,
    mcpTools: resolved.tools,
    availableBuiltins: AGENT_BUILTINS,
  });
  return { snapshot: compiled.snapshot, diagnostics: [...resolved.diagnostics, ...compiled.diagnostics] };
}
