/**
 * Every Agent Profile validation code (docs/spec/profiles.md), with the document path it concerns
 * and what it means. Validation raises exactly these codes through profileError(); the table is
 * also what the unit tests iterate over so no code goes untested.
 */
import { AppError } from "../errors";

/** code → `{path, meaning}`; `path` is a JSONPath-like hint (`$.tools.allow`). */
export const PROFILE_VALIDATION_CODES = {
  "agent.profile_contract_invalid": {
    path: "$",
    meaning: "the document does not have the v3 shape (wrong type, missing or unknown field)",
  },
  "agent.profile_schema_unsupported": {
    path: "$.schemaVersion",
    meaning: "schemaVersion is not 3 (1 and 2 are migrated on import/load)",
  },
  "agent.profile_kind_invalid": { path: "$.kind", meaning: "kind is not tauritavern.agentProfile" },
  "agent.profile_id_empty": { path: "$.id", meaning: "id is blank" },
  "agent.profile_id_too_long": { path: "$.id", meaning: "id is longer than 128 characters" },
  "agent.profile_id_invalid": { path: "$.id", meaning: "id has characters other than a-z, 0-9, - and _" },
  "agent.profile_display_name_required": { path: "$.displayName", meaning: "displayName is blank" },
  "agent.profile_preset_ref_required": { path: "$.preset.ref", meaning: "preset.mode ref without preset.ref" },
  "agent.profile_preset_api_invalid": {
    path: "$.preset.ref.apiId",
    meaning: "preset.ref.apiId is not a preset api id",
  },
  "agent.profile_preset_api_unsupported": {
    path: "$.preset.ref.apiId",
    meaning: "only chat-completion (openai) presets can drive an agent",
  },
  "agent.profile_preset_name_required": { path: "$.preset.ref.name", meaning: "preset.ref.name is blank" },
  "agent.profile_model_connection_ref_required": {
    path: "$.model.connectionRef",
    meaning: "model.mode connectionRef without a connection id",
  },
  "agent.profile_model_id_required": {
    path: "$.model.modelId",
    meaning: "model.mode connectionRef without a model id",
  },
  "agent.profile_model_current_snapshot_extra_fields": {
    path: "$.model",
    meaning: "currentPromptSnapshot must not carry connectionRef/modelId",
  },
  "agent.profile_model_requires_configuration_extra_fields": {
    path: "$.model",
    meaning: "requiresConfiguration must not carry connectionRef/modelId",
  },
  "agent.profile_model_retry_invalid": {
    path: "$.run.modelRetry.intervalMs",
    meaning: "intervalMs must be > 0 when maxRetries > 0",
  },
  "agent.profile_system_prompt_empty": {
    path: "$.instructions.agentSystemPrompt",
    meaning: "a blank system prompt (use null for the built-in one)",
  },
  "agent.plan_mode_unsupported": { path: "$.plan.mode", meaning: "only plan.mode none is supported" },
  "agent.plan_nodes_unsupported": { path: "$.plan.nodes", meaning: "plan.nodes must be empty" },
  "agent.profile_max_rounds_invalid": { path: "$.tools.maxRounds", meaning: "maxRounds must be > 0" },
  "agent.profile_max_calls_invalid": { path: "$.tools.maxCallsPerRun", meaning: "maxCallsPerRun must be > 0" },
  "agent.profile_mcp_result_inline_char_limit_invalid": {
    path: "$.tools.mcpResultInlineCharLimit",
    meaning: "mcpResultInlineCharLimit must be > 0",
  },
  "agent.profile_tools_allow_duplicate": { path: "$.tools.allow", meaning: "a tool listed twice in allow" },
  "agent.profile_tools_deny_duplicate": { path: "$.tools.deny", meaning: "a tool listed twice in deny" },
  "agent.profile_tools_empty": { path: "$.tools.allow", meaning: "tools.allow is empty" },
  "agent.profile_unknown_tool": {
    path: "$.tools",
    meaning: "not a builtin ToolId, a syntactically valid MCP ToolId or mcp:*",
  },
  "agent.profile_output_writer_required": {
    path: "$.tools.allow",
    meaning: "builtin:workspace.write_file must be visible",
  },
  "agent.profile_tool_description_invisible": {
    path: "$.tools.toolDescriptions",
    meaning: "a description for a tool that is not visible",
  },
  "agent.profile_tool_description_empty": { path: "$.tools.toolDescriptions", meaning: "a blank tool description" },
  "agent.profile_tool_property_description_empty": {
    path: "$.tools.toolDescriptions",
    meaning: "a blank property description",
  },
  "agent.profile_unknown_tool_property": {
    path: "$.tools.toolDescriptions",
    meaning: "a property the tool's input schema does not declare",
  },
  "agent.profile_tool_properties_invalid": {
    path: "$.tools.toolDescriptions",
    meaning: "the tool's input schema has no properties object",
  },
  "agent.profile_tool_property_schema_invalid": {
    path: "$.tools.toolDescriptions",
    meaning: "the property's schema is not an object",
  },
  "agent.profile_tool_budget_invisible": {
    path: "$.tools.maxCallsPerTool",
    meaning: "a budget for a tool that is not visible",
  },
  "agent.profile_tool_budget_invalid": { path: "$.tools.maxCallsPerTool", meaning: "a per-tool budget must be > 0" },
  "agent.profile_delegation_concurrency_invalid": {
    path: "$.delegation.maxConcurrentInvocations",
    meaning: "a whole number from min to max (DELEGATION_LIMIT_RANGES)",
  },
  "agent.profile_delegation_run_budget_invalid": {
    path: "$.delegation.maxInvocationsPerRun",
    meaning: "a whole number from min to max (DELEGATION_LIMIT_RANGES)",
  },
  "agent.profile_delegation_result_budget_invalid": {
    path: "$.delegation.resultBudgetTokens",
    meaning: "a whole number from min to max (DELEGATION_LIMIT_RANGES)",
  },
  "agent.profile_handoff_depth_invalid": {
    path: "$.delegation.maxHandoffDepth",
    meaning: "a whole number from min to max (DELEGATION_LIMIT_RANGES)",
  },
  "agent.profile_delegation_callers_empty": { path: "$.delegation.allowedCallers", meaning: "allowedCallers is empty" },
  "agent.profile_delegation_description_empty": {
    path: "$.delegation.descriptionForAgents",
    meaning: "a blank descriptionForAgents",
  },
  "agent.profile_delegation_callable_required": {
    path: "$.delegation.callable",
    meaning: "allowAsSubagent/allowAsHandoffTarget without callable",
  },
  "agent.profile_delegation_target_mode_required": {
    path: "$.delegation",
    meaning: "callable without allowAsSubagent or allowAsHandoffTarget",
  },
  "agent.profile_agent_list_requires_delegation": {
    path: "$.tools.allow",
    meaning: "agent.list needs canDelegate or canHandoff",
  },
  "agent.profile_agent_delegate_requires_delegation": {
    path: "$.tools.allow",
    meaning: "agent.delegate/agent.await need canDelegate",
  },
  "agent.profile_agent_handoff_requires_handoff": { path: "$.tools.allow", meaning: "agent.handoff needs canHandoff" },
  "agent.profile_task_return_runtime_only": {
    path: "$.tools.allow",
    meaning: "task.return is added by the runtime, never listed",
  },
  "agent.profile_subagent_only_background_required": {
    path: "$.run.presentation",
    meaning: "a subagent-only profile must be background",
  },
  "agent.profile_direct_runnable_disabled_requires_delegation_target": {
    path: "$.run.directRunnable",
    meaning: "directRunnable false needs callable and allowAsSubagent or allowAsHandoffTarget",
  },
  "agent.profile_finish_required": {
    path: "$.tools.allow",
    meaning: "a directly runnable profile needs workspace.finish",
  },
  "agent.profile_commit_required": {
    path: "$.tools.allow",
    meaning: "a foreground directly runnable profile needs workspace.commit",
  },
  "agent.profile_skill_visible_empty": { path: "$.skills.visible", meaning: "skills.visible is empty" },
  "agent.profile_skill_name_invalid": {
    path: "$.skills",
    meaning: "a skill name that is not lowercase a-z, 0-9, -, _ (≤ 128) or *",
  },
  "agent.profile_skill_budget_invalid": { path: "$.skills", meaning: "skill read budgets must be > 0" },
  "agent.profile_workspace_visible_empty": { path: "$.workspace.visibleRoots", meaning: "no visible root" },
  "agent.profile_workspace_root_invalid": {
    path: "$.workspace",
    meaning: "not one of output, scratch, plan, summaries, persist, or writable but not visible",
  },
  "agent.profile_output_empty": { path: "$.output.artifacts", meaning: "no output artifact" },
  "agent.profile_artifact_id_invalid": {
    path: "$.output.artifacts",
    meaning: "artifact id not lowercase a-z, 0-9, -, _ (≤ 128)",
  },
  "agent.profile_output_duplicate_id": { path: "$.output.artifacts", meaning: "two artifacts with one id" },
  "agent.profile_output_kind_required": { path: "$.output.artifacts", meaning: "blank artifact kind" },
  "agent.profile_output_duplicate_path": { path: "$.output.artifacts", meaning: "two artifacts with one path" },
  "agent.profile_output_path_denied": {
    path: "$.output.artifacts",
    meaning: "artifact path not a workspace path in a visible and writable root",
  },
  "agent.profile_output_duplicate_message_body": {
    path: "$.output.artifacts",
    meaning: "more than one messageBody artifact",
  },
  "agent.profile_output_message_body_missing": { path: "$.output.artifacts", meaning: "no messageBody artifact" },
} as const satisfies Record<string, { path: string; meaning: string }>;

/** One validation code. */
export type ProfileValidationCode = keyof typeof PROFILE_VALIDATION_CODES;

/** The AppError of a failed validation: `details.path` names the offending field. */
export function profileError(
  code: ProfileValidationCode,
  message: string,
  path: string = PROFILE_VALIDATION_CODES[code].path,
): AppError {
  return new AppError(code, message, { path });
}
