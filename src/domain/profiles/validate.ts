/**
 * Semantic validation of a parsed v3 profile (docs/spec/profiles.md, docs/spec/agent-runtime.md §6), first failure wins, in
 * this order: preset, model binding, model retry, system prompt, plan, tools (validate-tools.ts),
 * delegation, run/exit policy, skills, workspace roots, output artifacts. Every code is listed in
 * codes.ts. `readProfile(raw)` = parseProfileDocument + validateProfile (the strict v3 read).
 */
import { ROOT_UNIVERSE } from "../workspace/roots";
import { firstSegment, normalizeWorkspacePath } from "../workspace/paths";
import { profileError } from "./codes";
import { AppError } from "../errors";
import {
  CHAT_COMPLETION_PRESET_API_ID,
  DELEGATION_LIMIT_RANGES,
  PRESET_API_IDS,
  type AgentProfileDefinition,
} from "./definition";
import { parseProfileDocument } from "./parse";
import { normalizeProfileId } from "./profile-id";
import { DEFAULT_PROFILE_TOOL_CATALOG, DELEGATION_TOOL_IDS, type ProfileToolCatalog } from "./tool-catalog";
import { toolVisibility, validateToolPolicy } from "./validate-tools";

const NAME_CHARS = /^[a-z0-9_-]{1,128}$/;

/** Parses strictly and validates; returns the normalized definition or throws the first failure. */
export function readProfile(
  raw: unknown,
  catalog: ProfileToolCatalog = DEFAULT_PROFILE_TOOL_CATALOG,
): AgentProfileDefinition {
  const profile = parseProfileDocument(raw);
  validateProfile(profile, catalog);
  return profile;
}

/** Validates a parsed definition (see file docstring). */
export function validateProfile(
  profile: AgentProfileDefinition,
  catalog: ProfileToolCatalog = DEFAULT_PROFILE_TOOL_CATALOG,
): void {
  validatePreset(profile);
  validateModel(profile);
  const { modelRetry } = profile.run;
  if (modelRetry.maxRetries < 0)
    throw profileError(
      "agent.profile_model_retry_invalid",
      "run.modelRetry.maxRetries must not be negative.",
      "$.run.modelRetry.maxRetries",
    );
  if (modelRetry.maxRetries > 0 && modelRetry.intervalMs <= 0) {
    throw profileError(
      "agent.profile_model_retry_invalid",
      "run.modelRetry.intervalMs must be greater than 0 when retries are enabled.",
    );
  }
  const prompt = profile.instructions.agentSystemPrompt;
  if (prompt !== null && prompt.trim() === "") {
    throw profileError(
      "agent.profile_system_prompt_empty",
      "instructions.agentSystemPrompt is blank; use null for the built-in agent prompt.",
    );
  }
  if (profile.plan.mode !== "none")
    throw profileError("agent.plan_mode_unsupported", 'Only plan.mode "none" is supported.');
  if (profile.plan.nodes.length > 0)
    throw profileError("agent.plan_nodes_unsupported", 'plan.nodes must be empty when plan.mode is "none".');
  validateToolPolicy(profile.tools, catalog);
  validateDelegation(profile, catalog);
  validateRunPolicy(profile, catalog);
  validateSkills(profile);
  validateWorkspace(profile);
  validateOutput(profile);
}

function validatePreset({ preset }: AgentProfileDefinition): void {
  if (preset.mode !== "ref") {
    if (preset.ref)
      throw profileError(
        "agent.profile_contract_invalid",
        'preset.ref is only allowed when preset.mode is "ref".',
        "$.preset.ref",
      );
    return;
  }
  if (!preset.ref)
    throw profileError("agent.profile_preset_ref_required", 'preset.mode "ref" needs preset.ref {apiId, name}.');
  const apiId = preset.ref.apiId.trim();
  if (!(PRESET_API_IDS as readonly string[]).includes(apiId))
    throw profileError("agent.profile_preset_api_invalid", `"${apiId}" is not a preset api id.`);
  if (apiId !== CHAT_COMPLETION_PRESET_API_ID) {
    throw profileError(
      "agent.profile_preset_api_unsupported",
      `Agent profiles can only use chat-completion presets (apiId "${CHAT_COMPLETION_PRESET_API_ID}"), not "${apiId}".`,
    );
  }
  if (preset.ref.name.trim() === "")
    throw profileError("agent.profile_preset_name_required", "preset.ref.name must not be blank.");
}

function validateModel({ model }: AgentProfileDefinition): void {
  const filled = (value: string | undefined) => value !== undefined && value.trim() !== "";
  if (model.mode === "connectionRef") {
    if (!filled(model.connectionRef))
      throw profileError(
        "agent.profile_model_connection_ref_required",
        'model.mode "connectionRef" needs model.connectionRef (a model connection id).',
      );
    if (!filled(model.modelId))
      throw profileError("agent.profile_model_id_required", 'model.mode "connectionRef" needs model.modelId.');
    return;
  }
  if (filled(model.connectionRef) || filled(model.modelId)) {
    throw model.mode === "currentPromptSnapshot"
      ? profileError(
          "agent.profile_model_current_snapshot_extra_fields",
          'connectionRef and modelId are only allowed when model.mode is "connectionRef".',
        )
      : profileError(
          "agent.profile_model_requires_configuration_extra_fields",
          'connectionRef and modelId must be empty when model.mode is "requiresConfiguration".',
        );
  }
}

function validateDelegation(profile: AgentProfileDefinition, catalog: ProfileToolCatalog): void {
  const d = profile.delegation;
  const limitCodes = [
    ["maxConcurrentInvocations", "agent.profile_delegation_concurrency_invalid"],
    ["maxInvocationsPerRun", "agent.profile_delegation_run_budget_invalid"],
    ["resultBudgetTokens", "agent.profile_delegation_result_budget_invalid"],
    ["maxHandoffDepth", "agent.profile_handoff_depth_invalid"],
  ] as const;
  for (const [key, code] of limitCodes) {
    const { min, max } = DELEGATION_LIMIT_RANGES[key];
    if (d[key] < min || d[key] > max)
      throw new AppError(code, `delegation.${key} must be a whole number from ${min} to ${max}.`, {
        path: `$.delegation.${key}`,
        min,
        max,
      });
  }
  if (d.allowedCallers.length === 0)
    throw profileError(
      "agent.profile_delegation_callers_empty",
      'delegation.allowedCallers must not be empty (use ["*"] for everyone).',
    );
  d.allowedCallers.forEach((caller, index) => {
    if (caller !== "*") normalizeProfileId(caller, `$.delegation.allowedCallers[${index}]`);
  });
  if (d.descriptionForAgents !== undefined && d.descriptionForAgents.trim() === "") {
    throw profileError(
      "agent.profile_delegation_description_empty",
      "delegation.descriptionForAgents must not be blank.",
    );
  }
  if (!d.callable && (d.allowAsSubagent || d.allowAsHandoffTarget)) {
    throw profileError(
      "agent.profile_delegation_callable_required",
      "Set delegation.callable before allowing this profile as a subagent or handoff target.",
    );
  }
  if (d.callable && !d.allowAsSubagent && !d.allowAsHandoffTarget) {
    throw profileError(
      "agent.profile_delegation_target_mode_required",
      "A callable profile must allow being a subagent, a handoff target, or both.",
    );
  }
  const visible = toolVisibility(profile.tools, catalog);
  if (visible(DELEGATION_TOOL_IDS.list) && !d.canDelegate && !d.canHandoff) {
    throw profileError(
      "agent.profile_agent_list_requires_delegation",
      "agent.list needs delegation.canDelegate or delegation.canHandoff.",
    );
  }
  if ((visible(DELEGATION_TOOL_IDS.delegate) || visible(DELEGATION_TOOL_IDS.await)) && !d.canDelegate) {
    throw profileError(
      "agent.profile_agent_delegate_requires_delegation",
      "agent.delegate and agent.await need delegation.canDelegate.",
    );
  }
  if (visible(DELEGATION_TOOL_IDS.handoff) && !d.canHandoff) {
    throw profileError("agent.profile_agent_handoff_requires_handoff", "agent.handoff needs delegation.canHandoff.");
  }
  if (profile.tools.allow.includes(DELEGATION_TOOL_IDS.taskReturn)) {
    throw profileError(
      "agent.profile_task_return_runtime_only",
      "task.return is added by the runtime for child invocations and must not be listed in tools.allow.",
    );
  }
}

function validateRunPolicy(profile: AgentProfileDefinition, catalog: ProfileToolCatalog): void {
  const { run, delegation: d } = profile;
  if (!run.directRunnable) {
    if (!d.allowAsHandoffTarget && run.presentation !== "background") {
      throw profileError(
        "agent.profile_subagent_only_background_required",
        'A profile that is not directly runnable and not a handoff target must use run.presentation "background".',
      );
    }
    if (!d.callable || (!d.allowAsSubagent && !d.allowAsHandoffTarget)) {
      throw profileError(
        "agent.profile_direct_runnable_disabled_requires_delegation_target",
        "run.directRunnable false needs delegation.callable and allowAsSubagent or allowAsHandoffTarget.",
      );
    }
    return;
  }
  const visible = toolVisibility(profile.tools, catalog);
  if (!visible("builtin:workspace.finish"))
    throw profileError(
      "agent.profile_finish_required",
      "A directly runnable profile must allow builtin:workspace.finish.",
    );
  if (run.presentation === "foreground" && !visible("builtin:workspace.commit")) {
    throw profileError(
      "agent.profile_commit_required",
      "A foreground, directly runnable profile must allow builtin:workspace.commit.",
    );
  }
}

function validateSkills({ skills }: AgentProfileDefinition): void {
  if (skills.visible.length === 0)
    throw profileError(
      "agent.profile_skill_visible_empty",
      'skills.visible must not be empty (use ["*"] for every skill).',
    );
  for (const [list, key] of [
    [skills.visible, "visible"],
    [skills.deny, "deny"],
  ] as const) {
    list.forEach((name, index) => {
      if (name !== "*" && !NAME_CHARS.test(name.trim())) {
        throw profileError(
          "agent.profile_skill_name_invalid",
          `"${name}" is not a skill name (lowercase a-z, digits, "-", "_", at most 128) or "*".`,
          `$.skills.${key}[${index}]`,
        );
      }
    });
  }
  if (skills.maxReadCharsPerCall <= 0)
    throw profileError(
      "agent.profile_skill_budget_invalid",
      "skills.maxReadCharsPerCall must be greater than 0.",
      "$.skills.maxReadCharsPerCall",
    );
  if (skills.maxReadCharsPerRun <= 0)
    throw profileError(
      "agent.profile_skill_budget_invalid",
      "skills.maxReadCharsPerRun must be greater than 0.",
      "$.skills.maxReadCharsPerRun",
    );
}

function validateWorkspace({ workspace }: AgentProfileDefinition): void {
  if (workspace.visibleRoots.length === 0)
    throw profileError("agent.profile_workspace_visible_empty", "workspace.visibleRoots must name at least one root.");
  for (const root of [...workspace.visibleRoots, ...workspace.writableRoots]) {
    if (!(ROOT_UNIVERSE as readonly string[]).includes(root)) {
      throw profileError(
        "agent.profile_workspace_root_invalid",
        `"${root}" is not a workspace root; roots are ${ROOT_UNIVERSE.join(", ")}.`,
      );
    }
  }
  for (const root of workspace.writableRoots) {
    if (!workspace.visibleRoots.includes(root))
      throw profileError(
        "agent.profile_workspace_root_invalid",
        `Writable root "${root}" must also be visible.`,
        "$.workspace.writableRoots",
      );
  }
}

function validateOutput({ output, workspace }: AgentProfileDefinition): void {
  if (output.artifacts.length === 0)
    throw profileError("agent.profile_output_empty", "output.artifacts must not be empty.");
  const ids = new Set<string>();
  const paths = new Set<string>();
  let messageBodies = 0;
  output.artifacts.forEach((artifact, index) => {
    const path = `$.output.artifacts[${index}]`;
    if (!NAME_CHARS.test(artifact.id.trim()))
      throw profileError(
        "agent.profile_artifact_id_invalid",
        `"${artifact.id}" is not an artifact id (lowercase a-z, digits, "-", "_", at most 128).`,
        `${path}.id`,
      );
    if (ids.has(artifact.id))
      throw profileError(
        "agent.profile_output_duplicate_id",
        `Two artifacts have the id "${artifact.id}".`,
        `${path}.id`,
      );
    ids.add(artifact.id);
    if (artifact.kind.trim() === "")
      throw profileError(
        "agent.profile_output_kind_required",
        `Artifact "${artifact.id}" needs a kind (for example "markdown").`,
        `${path}.kind`,
      );
    let normalized: string;
    try {
      normalized = normalizeWorkspacePath(artifact.path);
    } catch (error) {
      throw profileError(
        "agent.profile_output_path_denied",
        `Artifact "${artifact.id}": ${(error as Error).message}`,
        `${path}.path`,
      );
    }
    if (paths.has(normalized))
      throw profileError(
        "agent.profile_output_duplicate_path",
        `Two artifacts use the path "${normalized}".`,
        `${path}.path`,
      );
    paths.add(normalized);
    const root = firstSegment(normalized);
    if (normalized === root || !workspace.visibleRoots.includes(root) || !workspace.writableRoots.includes(root)) {
      throw profileError(
        "agent.profile_output_path_denied",
        `Artifact "${artifact.id}" path "${normalized}" must be a file in a visible and writable root.`,
        `${path}.path`,
      );
    }
    if (artifact.target === "messageBody" && ++messageBodies > 1) {
      throw profileError(
        "agent.profile_output_duplicate_message_body",
        "Only one messageBody artifact is supported.",
        `${path}.target`,
      );
    }
  });
  if (messageBodies === 0)
    throw profileError(
      "agent.profile_output_message_body_missing",
      "output.artifacts must include one messageBody artifact.",
    );
}
