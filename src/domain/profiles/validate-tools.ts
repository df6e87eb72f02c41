/**
 * `tools` rules of a v3 profile (docs/spec/profiles.md §3), first failure wins:
 * limits (`_max_rounds_invalid`, `_max_calls_invalid`, `_mcp_result_inline_char_limit_invalid`),
 * duplicates (`_tools_allow_duplicate`, `_tools_deny_duplicate`), `_tools_empty`, every key known
 * (`_unknown_tool`), `builtin:workspace.write_file` visible (`_output_writer_required`), then
 * `toolDescriptions` (`_tool_description_invisible`, `_tool_description_empty`,
 * `_tool_property_description_empty`, `_unknown_tool_property`, `_tool_properties_invalid`,
 * `_tool_property_schema_invalid`) and `maxCallsPerTool` (`_tool_budget_invisible`, `_tool_budget_invalid`).
 * Visible = allowed and not denied; an MCP ToolId is also visible through an allowed `mcp:*`.
 */
import { AppError } from "../errors";
import { applyDescriptionOverride } from "../tools/descriptor";
import { MCP_WILDCARD } from "../tools/snapshot-compiler";
import { profileError, type ProfileValidationCode } from "./codes";
import type { ProfileTools } from "./definition";
import { classifyToolKey, DEFAULT_PROFILE_TOOL_CATALOG, type ProfileToolCatalog } from "./tool-catalog";

/** Visibility test over a tool policy. */
export function toolVisibility(
  tools: Pick<ProfileTools, "allow" | "deny">,
  catalog: ProfileToolCatalog = DEFAULT_PROFILE_TOOL_CATALOG,
): (toolId: string) => boolean {
  const allow = new Set(tools.allow);
  const deny = new Set(tools.deny);
  const wildcard = allow.has(MCP_WILDCARD) && !deny.has(MCP_WILDCARD);
  return (toolId) => {
    if (deny.has(toolId)) return false;
    if (allow.has(toolId)) return true;
    return wildcard && classifyToolKey(toolId, catalog) === "mcp";
  };
}

const OVERRIDE_CODES: Record<string, ProfileValidationCode> = {
  "tool.description_override_unknown_property": "agent.profile_unknown_tool_property",
  "tool.description_override_properties_invalid": "agent.profile_tool_properties_invalid",
  "tool.description_override_property_schema_invalid": "agent.profile_tool_property_schema_invalid",
};

/** Checks the `tools` block (see file docstring); throws the first failure as an AppError. */
export function validateToolPolicy(
  tools: ProfileTools,
  catalog: ProfileToolCatalog = DEFAULT_PROFILE_TOOL_CATALOG,
): void {
  if (tools.maxRounds <= 0)
    throw profileError("agent.profile_max_rounds_invalid", "tools.maxRounds must be greater than 0.");
  if (tools.maxCallsPerRun <= 0)
    throw profileError("agent.profile_max_calls_invalid", "tools.maxCallsPerRun must be greater than 0.");
  if (tools.mcpResultInlineCharLimit <= 0) {
    throw profileError(
      "agent.profile_mcp_result_inline_char_limit_invalid",
      "tools.mcpResultInlineCharLimit must be greater than 0.",
    );
  }
  const duplicate = (list: string[]) => list.find((id, index) => list.indexOf(id) !== index);
  const allowDup = duplicate(tools.allow);
  if (allowDup !== undefined)
    throw profileError("agent.profile_tools_allow_duplicate", `tools.allow lists "${allowDup}" more than once.`);
  const denyDup = duplicate(tools.deny);
  if (denyDup !== undefined)
    throw profileError("agent.profile_tools_deny_duplicate", `tools.deny lists "${denyDup}" more than once.`);
  if (tools.allow.length === 0)
    throw profileError("agent.profile_tools_empty", "tools.allow must list at least one tool.");
  for (const [list, path] of [
    [tools.allow, "$.tools.allow"],
    [tools.deny, "$.tools.deny"],
  ] as const) {
    for (const key of list) {
      if (classifyToolKey(key, catalog) === "unknown") throw unknownTool(key, path);
    }
  }
  const visible = toolVisibility(tools, catalog);
  if (!visible("builtin:workspace.write_file")) {
    throw profileError(
      "agent.profile_output_writer_required",
      "builtin:workspace.write_file must be allowed (and not denied) so the agent can write its message body.",
    );
  }
  for (const [key, override] of Object.entries(tools.toolDescriptions)) {
    const path = `$.tools.toolDescriptions[${JSON.stringify(key)}]`;
    const kind = classifyToolKey(key, catalog);
    if (kind === "unknown" || kind === "wildcard") throw unknownTool(key, path);
    if (!visible(key))
      throw profileError(
        "agent.profile_tool_description_invisible",
        `A description is given for ${key}, which the profile does not make visible.`,
        path,
      );
    if (override.description !== undefined && override.description.trim() === "") {
      throw profileError(
        "agent.profile_tool_description_empty",
        `The description override of ${key} is blank.`,
        `${path}.description`,
      );
    }
    for (const [property, text] of Object.entries(override.properties ?? {})) {
      if (text.trim() === "")
        throw profileError(
          "agent.profile_tool_property_description_empty",
          `The description of property "${property}" of ${key} is blank.`,
          `${path}.properties`,
        );
    }
    const descriptor = catalog.descriptor(key);
    if (descriptor && Object.keys(override.properties ?? {}).length > 0) {
      try {
        applyDescriptionOverride(descriptor, { properties: override.properties });
      } catch (error) {
        const code = error instanceof AppError ? OVERRIDE_CODES[error.code] : undefined;
        if (!code) throw error;
        throw profileError(code, (error as AppError).message, `${path}.properties`);
      }
    }
  }
  for (const [key, max] of Object.entries(tools.maxCallsPerTool)) {
    const path = `$.tools.maxCallsPerTool[${JSON.stringify(key)}]`;
    const kind = classifyToolKey(key, catalog);
    if (kind === "unknown" || kind === "wildcard") throw unknownTool(key, path);
    if (!visible(key))
      throw profileError(
        "agent.profile_tool_budget_invisible",
        `A call budget is given for ${key}, which the profile does not make visible.`,
        path,
      );
    if (max <= 0)
      throw profileError(
        "agent.profile_tool_budget_invalid",
        `tools.maxCallsPerTool for ${key} must be greater than 0.`,
        path,
      );
  }
}

function unknownTool(key: string, path: string): AppError {
  return profileError(
    "agent.profile_unknown_tool",
    `"${key.length > 120 ? `${key.slice(0, 120)}…` : key}" is not a known tool: use builtin:<name>, mcp/<registration id>:<tool name> or mcp:* (allow/deny only).`,
    path,
  );
}
