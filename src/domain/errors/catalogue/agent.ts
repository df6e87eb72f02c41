/** `agent.*` error codes (docs/spec/agent-runtime.md, docs/spec/profiles.md): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const AGENT_CODES = {
  "agent.cancelled": { status: 400, message: "The run was cancelled." },
  "agent.chat_commit_failed": { status: 400, message: "The chat message could not be saved." },
  "agent.external_tool_choice_unsupported": {
    status: 400,
    message: "Agent runs choose tools themselves; remove `tool_choice` from the chat-completion payload.",
  },
  "agent.external_tool_turns_unsupported": {
    status: 400,
    message: "Messages[…] is a tool turn; an Agent run's input cannot contain tool calls or tool results.",
  },
  "agent.external_tools_unsupported": {
    status: 400,
    message: "Agent runs use the profile's tools; remove `tools` from the chat-completion payload.",
  },
  "agent.finalize_failed": { status: 400, message: "The run could not be finished cleanly." },
  "agent.foreground_commit_required": {
    status: 400,
    message: "Commit the message with workspace_commit before calling workspace_finish.",
  },
  "agent.guidance_active_run_missing": {
    status: 409,
    message: "This run is not being driven by the agent loop, so guidance would never reach it.",
  },
  "agent.guidance_empty": { status: 400, message: "Guidance needs some text." },
  "agent.guidance_invalid": { status: 400, message: "Guidance text must be a string." },
  "agent.guidance_mailbox_closed": {
    status: 409,
    message:
      "The agent already finished its work in this run; it will make no more model requests, so it takes no more guidance.",
  },
  "agent.guidance_mailbox_full": {
    status: 409,
    message: "At most … guidance items (… characters) can wait for the next model request.",
  },
  "agent.guidance_run_not_accepting": { status: 409, message: "This run is … and takes no more guidance." },
  "agent.guidance_too_large": { status: 413, message: "Guidance can be at most … characters." },
  "agent.internal_error": { status: 400, message: "The agent run stopped because of an internal error." },
  "agent.invalid_intent": { status: 400, message: "A swipe run needs the chat to end with an assistant message." },
  "agent.invalid_stable_chat_id": { status: 400, message: "A stableChatId may be at most … characters." },
  "agent.journal_event_invalid": { status: 400, message: "A journal event type must be snake_case." },
  "agent.journal_payload_too_large": {
    status: 413,
    message:
      "A journal event payload must stay under … bytes; store large content in the workspace and journal its path.",
  },
  "agent.loop_state_conflict": { status: 409, message: "The run's loop state changed underneath this step." },
  "agent.loop_state_invalid": { status: 500, message: "The run has no pending tool call to dispatch." },
  "agent.max_tool_rounds_exceeded": {
    status: 400,
    message: "The run used all … rounds without calling workspace_finish.",
  },
  "agent.model_turn_not_found": { status: 404, message: "A model turn is a round number from 1." },
  "agent.persistent_state_metadata_update_failed": {
    status: 400,
    message: "The committed message no longer carries this run's output.",
  },
  "agent.plan_mode_unsupported": { status: 400, message: 'Only plan mode "none" is supported.' },
  "agent.plan_nodes_unsupported": { status: 400, message: "Plan nodes are not supported; leave plan.nodes empty." },
  "agent.profile_agent_delegate_requires_delegation": {
    status: 400,
    message: "Agent.delegate and agent.await need delegation.canDelegate.",
  },
  "agent.profile_agent_handoff_requires_handoff": {
    status: 400,
    message: "Agent.handoff needs delegation.canHandoff.",
  },
  "agent.profile_agent_list_requires_delegation": {
    status: 400,
    message: "Agent.list needs delegation.canDelegate or delegation.canHandoff.",
  },
  "agent.profile_artifact_id_invalid": {
    status: 400,
    message: 'This is not an artifact id (lowercase a-z, digits, "-", "_", at most 128).',
  },
  "agent.profile_commit_required": {
    status: 400,
    message: "A foreground, directly runnable profile must allow builtin:workspace.commit.",
  },
  "agent.profile_conflict": {
    status: 409,
    message: "A profile with id … already exists. Import with overwrite to replace it, or change the id.",
  },
  "agent.profile_contract_invalid": {
    status: 400,
    message: "The stored profile is not valid JSON, so its identity cannot be normalized. Delete it instead.",
  },
  "agent.profile_delegation_callable_required": {
    status: 400,
    message: "Set delegation.callable before allowing this profile as a subagent or handoff target.",
  },
  "agent.profile_delegation_callers_empty": {
    status: 400,
    message: 'delegation.allowedCallers must list at least one profile id or "*".',
  },
  "agent.profile_delegation_concurrency_invalid": {
    status: 400,
    message: "Delegation.maxConcurrentInvocations must be a whole number in its range (details.min to details.max).",
  },
  "agent.profile_delegation_description_empty": {
    status: 400,
    message: "Delegation.descriptionForAgents must not be blank.",
  },
  "agent.profile_delegation_result_budget_invalid": {
    status: 400,
    message: "Delegation.resultBudgetTokens must be a whole number in its range (details.min to details.max).",
  },
  "agent.profile_delegation_run_budget_invalid": {
    status: 400,
    message: "Delegation.maxInvocationsPerRun must be a whole number in its range (details.min to details.max).",
  },
  "agent.profile_delegation_target_mode_required": {
    status: 400,
    message: "A callable profile must allow being a subagent, a handoff target, or both.",
  },
  "agent.profile_direct_runnable_disabled_requires_delegation_target": {
    status: 400,
    message: "Run.directRunnable false needs delegation.callable and allowAsSubagent or allowAsHandoffTarget.",
  },
  "agent.profile_display_name_required": { status: 400, message: "The profile needs a display name." },
  "agent.profile_finish_required": {
    status: 400,
    message: "A directly runnable profile must allow builtin:workspace.finish.",
  },
  "agent.profile_handoff_depth_invalid": {
    status: 400,
    message: "Delegation.maxHandoffDepth must be a whole number in its range (details.min to details.max).",
  },
  "agent.profile_id_empty": { status: 400, message: "The profile id must not be empty." },
  "agent.profile_id_invalid": { status: 400, message: "The stored profile says its id is … but it is stored as …." },
  "agent.profile_id_mismatch": { status: 400, message: "The profile in the body has id …, but the URL names …." },
  "agent.profile_id_too_long": { status: 400, message: "The profile id is longer than … characters." },
  "agent.profile_kind_invalid": { status: 400, message: "Kind must be …." },
  "agent.profile_limit_exceeded": {
    status: 400,
    message: "A user can have at most … agent profiles. Delete one first.",
  },
  "agent.profile_max_calls_invalid": { status: 400, message: "Tools.maxCallsPerRun must be greater than 0." },
  "agent.profile_max_rounds_invalid": { status: 400, message: "Tools.maxRounds must be greater than 0." },
  "agent.profile_mcp_result_inline_char_limit_invalid": {
    status: 400,
    message: "Tools.mcpResultInlineCharLimit must be greater than 0.",
  },
  "agent.profile_model_connection_invalid": { status: 400, message: "The profile's model connection cannot be used." },
  "agent.profile_model_connection_missing": {
    status: 400,
    message: "The profile's model connection no longer exists.",
  },
  "agent.profile_model_connection_ref_required": {
    status: 400,
    message: "model.mode connectionRef needs a connection.",
  },
  "agent.profile_model_current_snapshot_extra_fields": {
    status: 400,
    message: "model.mode currentPromptSnapshot takes no connection or model id.",
  },
  "agent.profile_model_id_required": { status: 400, message: "model.mode connectionRef needs a model id." },
  "agent.profile_model_requires_configuration": {
    status: 400,
    message: "Profile … needs a model connection before it can run. Pick one for it in the profile.",
  },
  "agent.profile_model_requires_configuration_extra_fields": {
    status: 400,
    message: "model.mode requiresConfiguration takes no connection or model id.",
  },
  "agent.profile_model_retry_invalid": { status: 400, message: "Run.modelRetry.maxRetries must not be negative." },
  "agent.profile_not_direct_runnable": {
    status: 400,
    message: "Profile … can only run as a subagent or handoff target, not directly.",
  },
  "agent.profile_not_found": { status: 404, message: "No agent profile has the id …." },
  "agent.profile_output_duplicate_id": { status: 400, message: "Two artifacts have the id …." },
  "agent.profile_output_duplicate_message_body": {
    status: 400,
    message: "Only one messageBody artifact is supported.",
  },
  "agent.profile_output_duplicate_path": { status: 400, message: "Two artifacts use the path …." },
  "agent.profile_output_empty": { status: 400, message: "Output.artifacts must not be empty." },
  "agent.profile_output_kind_required": { status: 400, message: 'Artifact … needs a kind (for example "markdown").' },
  "agent.profile_output_message_body_missing": {
    status: 400,
    message: "Output.artifacts must include one messageBody artifact.",
  },
  "agent.profile_output_path_denied": {
    status: 400,
    message: "An artifact path must be in a visible and writable root.",
  },
  "agent.profile_output_writer_required": {
    status: 400,
    message: "Builtin:workspace.write_file must be allowed (and not denied) so the agent can write its message body.",
  },
  "agent.profile_preset_api_invalid": { status: 400, message: "This is not a preset api id." },
  "agent.profile_preset_api_unsupported": {
    status: 400,
    message: "Agent profiles can only use chat-completion presets (apiId …), not ….",
  },
  "agent.profile_preset_missing": { status: 400, message: "The profile's preset does not exist." },
  "agent.profile_preset_name_required": { status: 400, message: "Preset.ref.name must not be blank." },
  "agent.profile_preset_ref_required": { status: 400, message: "preset.mode ref needs preset.ref." },
  "agent.profile_read_only": {
    status: 409,
    message: "This is the built-in profile and cannot be changed or deleted. Save a copy under another id.",
  },
  "agent.profile_schema_unsupported": {
    status: 400,
    message:
      "SchemaVersion … is not supported; this server stores version … (versions 1 and 2 are migrated on import).",
  },
  "agent.profile_skill_budget_invalid": { status: 400, message: "Skills.maxReadCharsPerCall must be greater than 0." },
  "agent.profile_skill_name_invalid": {
    status: 400,
    message: 'This is not a skill name (lowercase a-z, digits, "-", "_", at most 128) or "*".',
  },
  "agent.profile_skill_visible_empty": {
    status: 400,
    message: 'skills.visible must list at least one skill name or "*".',
  },
  "agent.profile_subagent_only_background_required": {
    status: 400,
    message: "A profile that only runs as a subagent must have run.presentation background.",
  },
  "agent.profile_system_prompt_empty": {
    status: 400,
    message: "Instructions.agentSystemPrompt is blank; use null for the built-in agent prompt.",
  },
  "agent.profile_task_return_runtime_only": {
    status: 400,
    message: "Task.return is added by the runtime for child invocations and must not be listed in tools.allow.",
  },
  "agent.profile_too_large": { status: 413, message: "A profile may be at most … KiB of JSON." },
  "agent.profile_tool_budget_invalid": { status: 400, message: "Tools.maxCallsPerTool for … must be greater than 0." },
  "agent.profile_tool_budget_invisible": {
    status: 400,
    message: "A call budget is given for …, which the profile does not make visible.",
  },
  "agent.profile_tool_description_empty": { status: 400, message: "The description override of … is blank." },
  "agent.profile_tool_description_invisible": {
    status: 400,
    message: "A description is given for …, which the profile does not make visible.",
  },
  "agent.profile_tool_properties_invalid": {
    status: 400,
    message: "A property description override needs a tool whose input schema has properties.",
  },
  "agent.profile_tool_property_description_empty": {
    status: 400,
    message: "The description of property … of … is blank.",
  },
  "agent.profile_tool_property_schema_invalid": {
    status: 400,
    message: "A property description override names a property whose schema is not an object.",
  },
  "agent.profile_tools_allow_duplicate": { status: 400, message: "Tools.allow lists … more than once." },
  "agent.profile_tools_deny_duplicate": { status: 400, message: "Tools.deny lists … more than once." },
  "agent.profile_tools_empty": { status: 400, message: "Tools.allow must list at least one tool." },
  "agent.profile_unknown_tool": { status: 400, message: '"${key.length > 120 ?' },
  "agent.profile_unknown_tool_property": {
    status: 400,
    message: "A property description override names a property the tool does not have.",
  },
  "agent.profile_workspace_root_invalid": { status: 400, message: "This is not a workspace root; roots are …." },
  "agent.profile_workspace_visible_empty": {
    status: 400,
    message: "Workspace.visibleRoots must name at least one root.",
  },
  "agent.prompt_snapshot_invalid": {
    status: 400,
    message: "The chat-completion payload's sampling settings are not valid.",
  },
  "agent.retention_invalid": { status: 400, message: "These retention settings are not valid." },
  "agent.run_active": {
    status: 409,
    message: "This run is still going; cancel it and wait until it ends before deleting it.",
  },
  "agent.run_not_found": { status: 404, message: "No agent run with this id." },
  "agent.run_slimmed": {
    status: 410,
    message:
      "Retention slimmed this run: its journal and summary are kept, its workspace, checkpoints, model turns and tool results were deleted.",
  },
  "agent.run_stalled": {
    status: 400,
    message: "The run made no progress for longer than its step may take, so it was stopped.",
  },
  "agent.run_status_conflict": { status: 409, message: "The run cannot change status." },
  "agent.step_interrupted": {
    status: 400,
    message: "The server restarted while this step was in flight.",
  },
  "agent.stable_chat_id_required": {
    status: 400,
    message: "An agent run needs the id of the chat it works on (stableChatId).",
  },
  "agent.stream_unsupported": {
    status: 400,
    message:
      "Agent runs already stream their model text live to every open device (agent.model_delta); the start request itself is not a stream, so leave options.stream unset or false.",
  },
  "agent.tool_after_finish": { status: 400, message: "A finishing tool must be the last tool call of its turn." },
  "agent.tool_budget_exhausted": { status: 400, message: "This tool has been called as often as this run allows." },
  "agent.tool_denied": { status: 400, message: "The tool … is not available in this run." },
  // [web-timeline] (issue 23): tool-call reads, commit revert, persistent-state restore.
  "agent.tool_call_not_found": { status: 404, message: "This run has no such tool call." },
  "agent.commit_not_found": { status: 404, message: "This run has no such commit." },
  "agent.revert_conflict": {
    status: 409,
    message: "The message was changed or removed after the agent committed it, so the commit was not undone.",
  },
  "agent.commit_already_reverted": { status: 409, message: "This commit was already undone." },
  "agent.restore_conflict": {
    status: 409,
    message: "An agent run of this chat is still working; wait until it ends before restoring a checkpoint.",
  },
  // [delegation] (issue 26, docs/spec/agent-delegation.md §8): sub-agents and handoff. Tool errors the model reads.
  "agent.profile_cannot_delegate": {
    status: 403,
    message: "This agent's profile does not allow delegating work (delegation.canDelegate is off).",
  },
  "agent.delegation_policy_denied": {
    status: 403,
    message: "A sub-agent cannot delegate further unless its profile allows nested delegation.",
  },
  "agent.target_profile_not_found": {
    status: 404,
    message: "There is no agent profile with that id.",
  },
  "agent.target_not_callable": {
    status: 403,
    message: "That agent profile cannot be called by other agents (delegation.callable is off).",
  },
  "agent.target_not_subagent": {
    status: 403,
    message: "That agent profile does not accept delegated tasks (delegation.allowAsSubagent is off).",
  },
  "agent.target_not_handoff": {
    status: 403,
    message: "That agent profile does not accept handoffs (delegation.allowAsHandoffTarget is off).",
  },
  "agent.target_caller_denied": {
    status: 403,
    message: "That agent profile does not accept work from this agent (delegation.allowedCallers).",
  },
  "agent.max_invocations_per_run_exhausted": {
    status: 429,
    message: "This run already started as many delegated tasks as the profile allows (maxInvocationsPerRun).",
  },
  "agent.max_concurrent_invocations_exhausted": {
    status: 429,
    message:
      "As many delegated tasks as the profile allows are still running; await one first (maxConcurrentInvocations).",
  },
  "agent.await_task_not_found": {
    status: 404,
    message: "agent_await named a task this agent did not start.",
  },
  "agent.no_child_tasks": {
    status: 400,
    message: "This agent has not delegated any task to wait for.",
  },
  "agent.task_return_denied": {
    status: 403,
    message: "task_return is only for an agent working on a delegated task.",
  },
  "agent.task_result_too_large": {
    status: 413,
    message: "The task result is longer than the profile's resultBudgetTokens; shorten the summary.",
  },
  "agent.child_commit_denied": {
    status: 403,
    message: "A sub-agent cannot commit to the chat; return your result with task_return.",
  },
  "agent.child_finish_denied": {
    status: 403,
    message: "A sub-agent cannot finish the run; return your result with task_return.",
  },
  "agent.child_handoff_denied": { status: 403, message: "A sub-agent cannot hand off the run." },
  "agent.child_await_denied": {
    status: 403,
    message: "A sub-agent cannot wait for other tasks.",
  },
  "agent.profile_cannot_handoff": {
    status: 403,
    message: "This agent's profile does not allow handing off (delegation.canHandoff is off).",
  },
  "agent.max_handoff_depth_exhausted": {
    status: 429,
    message: "This run already handed off as often as the profile allows (maxHandoffDepth).",
  },
  "agent.task_reported_failed": {
    status: 400,
    message: "The sub-agent returned its task as failed; its summary says why.",
  },
  "agent.handoff_pending_tasks": {
    status: 409,
    message: "Wait for or finish the delegated tasks before handing off.",
  },
} as const satisfies Record<`agent.${string}`, CatalogueEntry>;
