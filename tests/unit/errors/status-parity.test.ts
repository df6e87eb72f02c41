/**
 * The catalogue keeps every HTTP status the old code → status table gave (src/http/error-status.ts,
 * replaced by the catalogue): the old table's exact entries and suffix rules are copied here and
 * compared, for every code that existed when the catalogue was introduced. New codes are not checked
 * here; their status is whatever their catalogue entry says.
 */
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, errorStatus } from "../../../src/domain/errors";

const LEGACY_EXACT: Record<string, number> = {
  "auth.token_missing": 401,
  "auth.token_invalid": 401,
  "auth.token_revoked": 401,
  "auth.rate_limited": 429,
  "auth.pairing_code_invalid": 401,
  "auth.pairing_code_expired": 401,
  "auth.ticket_invalid": 401,
  "auth.user_not_found": 404,
  "auth.setup_unavailable": 503,
  "http.route_not_found": 404,
  "http.method_not_allowed": 405,
  "http.invalid_json": 400,
  "http.unsupported_media_type": 415,
  "http.body_too_large": 413,
  "http.upgrade_required": 426,
  "http.body_incomplete": 400,
  "device.revoked": 409,
  "input.invalid": 400,
  "app.internal_error": 500,
  "device.not_found": 404,
  "secrets.key_unavailable": 503,
  "secrets.key_mismatch": 409,
  "workspace.run_closed": 409,
  "workspace.persist_already_projected": 409,
  "workspace.storage_corrupt": 500,
  "agent.profile_read_only": 409,
  "agent.loop_state_conflict": 409,
  "agent.loop_state_invalid": 500,
  "agent.guidance_run_not_accepting": 409,
  "agent.guidance_mailbox_full": 409,
  "agent.guidance_mailbox_closed": 409,
  "agent.guidance_active_run_missing": 409,
  "model.request_failed": 502,
  "model.upstream_invalid_response": 502,
  "model.stream_failed": 502,
  "model.provider_denied": 502,
  "model.provider_rejected": 502,
  "model.provider_refusal": 502,
  "model.output_truncated": 502,
  "model.invalid_tool_call": 502,
  "model.native_metadata_lost": 502,
};

const LEGACY_SUFFIX: Array<[RegExp, number]> = [
  [/(^|[._])not_found$/, 404],
  [/(^|[._])conflict$/, 409],
  [/_in_use$/, 409],
  [/(^|[._])active$/, 409],
  [/too_large$/, 413],
  [/rate_limited$/, 429],
];

/** The old statusForCode, verbatim. */
function legacyStatus(code: string): number {
  const exact = LEGACY_EXACT[code];
  if (exact !== undefined) return exact;
  for (const [pattern, status] of LEGACY_SUFFIX) if (pattern.test(code)) return status;
  return 400;
}

/** Every code catalogued when the catalogue replaced the old table. */
const MIGRATED_CODES = `
  agent.cancelled agent.chat_commit_failed agent.external_tool_choice_unsupported
  agent.external_tool_turns_unsupported agent.external_tools_unsupported agent.finalize_failed
  agent.foreground_commit_required agent.guidance_active_run_missing agent.guidance_empty
  agent.guidance_invalid agent.guidance_mailbox_closed agent.guidance_mailbox_full
  agent.guidance_run_not_accepting agent.guidance_too_large agent.internal_error agent.invalid_intent
  agent.invalid_stable_chat_id agent.journal_event_invalid agent.journal_payload_too_large
  agent.loop_state_conflict agent.loop_state_invalid agent.max_tool_rounds_exceeded
  agent.model_turn_not_found agent.persistent_state_metadata_update_failed
  agent.plan_mode_unsupported agent.plan_nodes_unsupported
  agent.profile_agent_delegate_requires_delegation agent.profile_agent_handoff_requires_handoff
  agent.profile_agent_list_requires_delegation agent.profile_artifact_id_invalid
  agent.profile_commit_required agent.profile_conflict agent.profile_contract_invalid
  agent.profile_delegation_callable_required agent.profile_delegation_callers_empty
  agent.profile_delegation_concurrency_invalid agent.profile_delegation_description_empty
  agent.profile_delegation_result_budget_invalid agent.profile_delegation_run_budget_invalid
  agent.profile_delegation_target_mode_required
  agent.profile_direct_runnable_disabled_requires_delegation_target
  agent.profile_display_name_required agent.profile_finish_required
  agent.profile_handoff_depth_invalid agent.profile_id_empty agent.profile_id_invalid
  agent.profile_id_mismatch agent.profile_id_too_long agent.profile_kind_invalid
  agent.profile_limit_exceeded agent.profile_max_calls_invalid agent.profile_max_rounds_invalid
  agent.profile_mcp_result_inline_char_limit_invalid agent.profile_model_connection_invalid
  agent.profile_model_connection_missing agent.profile_model_connection_ref_required
  agent.profile_model_current_snapshot_extra_fields agent.profile_model_id_required
  agent.profile_model_requires_configuration agent.profile_model_requires_configuration_extra_fields
  agent.profile_model_retry_invalid agent.profile_not_direct_runnable agent.profile_not_found
  agent.profile_output_duplicate_id agent.profile_output_duplicate_message_body
  agent.profile_output_duplicate_path agent.profile_output_empty agent.profile_output_kind_required
  agent.profile_output_message_body_missing agent.profile_output_path_denied
  agent.profile_output_writer_required agent.profile_preset_api_invalid
  agent.profile_preset_api_unsupported agent.profile_preset_missing
  agent.profile_preset_name_required agent.profile_preset_ref_required agent.profile_read_only
  agent.profile_schema_unsupported agent.profile_skill_budget_invalid
  agent.profile_skill_name_invalid agent.profile_skill_visible_empty
  agent.profile_subagent_only_background_required agent.profile_system_prompt_empty
  agent.profile_task_return_runtime_only agent.profile_too_large agent.profile_tool_budget_invalid
  agent.profile_tool_budget_invisible agent.profile_tool_description_empty
  agent.profile_tool_description_invisible agent.profile_tool_properties_invalid
  agent.profile_tool_property_description_empty agent.profile_tool_property_schema_invalid
  agent.profile_tools_allow_duplicate agent.profile_tools_deny_duplicate agent.profile_tools_empty
  agent.profile_unknown_tool agent.profile_unknown_tool_property agent.profile_workspace_root_invalid
  agent.profile_workspace_visible_empty agent.prompt_snapshot_invalid agent.run_active
  agent.run_not_found agent.run_status_conflict agent.stable_chat_id_required
  agent.stream_unsupported agent.tool_after_finish agent.tool_budget_exhausted agent.tool_denied
  app.internal_error auth.pairing_code_expired auth.pairing_code_invalid auth.rate_limited
  auth.setup_unavailable auth.ticket_invalid auth.token_invalid auth.token_missing auth.token_revoked
  auth.user_not_found chat.cursor_invalid chat.import_empty chat.import_invalid_line
  chat.import_line_too_large chat.import_too_large chat.invalid_message_range
  chat.invalid_search_query chat.message_extra_too_large chat.message_not_found
  chat.message_text_too_large chat.not_found chat.read_too_large chat.revision_conflict
  chat.swipe_not_found chat.title_invalid chat.too_many_swipes config.timeout_overrides_refused
  device.not_found device.revoked dice.invalid_formula http.body_incomplete http.body_too_large
  http.invalid_json http.method_not_allowed http.route_not_found http.unsupported_media_type
  http.upgrade_required input.invalid mcp.call_arguments_invalid_json mcp.call_arguments_not_object
  mcp.call_arguments_size_limit mcp.call_cancelled mcp.call_cancelled_before_send
  mcp.call_content_unsupported mcp.call_headers_invalid mcp.call_id_in_use mcp.call_initialize_failed
  mcp.call_initialize_timeout mcp.call_metadata_failed mcp.call_metadata_timeout
  mcp.call_metadata_unsupported mcp.call_not_queued mcp.call_outcome_unknown mcp.call_permission_off
  mcp.call_registration_invalid mcp.call_registration_not_found mcp.call_registration_unavailable
  mcp.call_response_failed mcp.call_server_paused mcp.call_timeout mcp.call_tool_name_invalid
  mcp.call_tool_unavailable mcp.call_tools_capability_missing mcp.catalog_endpoint_mismatch
  mcp.catalog_kind_invalid mcp.catalog_not_cached mcp.catalog_persistence_failed
  mcp.catalog_registration_mismatch mcp.catalog_schema_unsupported mcp.catalog_snapshot_invalid
  mcp.client_close_failed mcp.description_override_empty mcp.discovery_catalog_size_limit
  mcp.discovery_cursor_cycle mcp.discovery_initialize_failed mcp.discovery_initialize_timeout
  mcp.discovery_list_failed mcp.discovery_list_timeout mcp.discovery_page_limit
  mcp.discovery_peer_info_missing mcp.discovery_result_type_unsupported mcp.discovery_tool_limit
  mcp.display_name_empty mcp.endpoint_absolute_required mcp.endpoint_fragment_forbidden
  mcp.endpoint_invalid mcp.endpoint_scheme_invalid mcp.endpoint_unreachable_when_deployed
  mcp.header_name_invalid mcp.header_reserved mcp.header_value_invalid mcp.import_document_invalid
  mcp.import_duplicate_endpoint mcp.import_entry_invalid mcp.import_json_invalid
  mcp.import_transport_unsupported mcp.model_input_schema_unsupported mcp.permission_invalid
  mcp.permission_off_not_persisted mcp.protocol_version_invalid mcp.provider_id_invalid
  mcp.registration_conflict mcp.registration_document_invalid mcp.registration_id_invalid
  mcp.registration_id_mismatch mcp.registration_id_noncanonical mcp.registration_kind_invalid
  mcp.registration_not_found mcp.registration_schema_unsupported mcp.registration_storage_issue
  mcp.server_error mcp.server_paused mcp.server_state_invalid mcp.tool_annotations_invalid
  mcp.tool_description_override_invalid mcp.tool_duplicate_name mcp.tool_error
  mcp.tool_header_marking_invalid mcp.tool_input_schema_invalid mcp.tool_name_empty
  mcp.tool_name_invalid mcp.tool_name_too_long mcp.tool_not_in_cached_catalog
  mcp.tool_output_schema_invalid mcp.tool_permission_off mcp.tool_provider_invalid
  mcp.tool_size_limit mcp.unsupported_response model.cancelled model.connection_limit_exceeded
  model.connection_not_found model.invalid_tool_call model.native_metadata_lost
  model.output_truncated model.provider_denied model.provider_rate_limited model.provider_refusal
  model.provider_rejected model.request_build_failed model.request_failed model.stream_failed
  model.tool_call_required model.tool_choice_violation model.unknown_tool_call
  model.upstream_invalid_response scheduler.job_dropped secrets.key_mismatch secrets.key_unavailable
  tool.description_override_properties_invalid tool.description_override_property_schema_invalid
  tool.description_override_unknown_property tool.id_invalid tool.invalid_arguments
  tool.native_name_empty tool.provider_id_empty tool.provider_id_invalid tool.snapshot_alias_empty
  tool.snapshot_budget_invalid tool.snapshot_duplicate_alias tool.snapshot_duplicate_id
  tool.snapshot_id_empty tool.snapshot_schema_unsupported tool.snapshot_tool_budget_invalid
  tool.turn_duplicate_id tool.turn_required_empty tool.turn_snapshot_mismatch
  tool.turn_specific_not_available tool.turn_tool_not_in_snapshot workspace.checkpoint_not_found
  workspace.checkpoint_reason_invalid workspace.commit_mode_invalid workspace.file_not_found
  workspace.invalid_artifact workspace.invalid_char_range workspace.invalid_line_range
  workspace.invalid_path workspace.invalid_roots workspace.list_depth_too_large
  workspace.mixed_read_range workspace.not_found workspace.patch_empty_old_string
  workspace.patch_no_change workspace.patch_old_string_not_found
  workspace.patch_old_string_not_unique workspace.patch_requires_full_read
  workspace.patch_requires_read workspace.patch_stale_file workspace.path_is_directory
  workspace.path_not_found workspace.path_not_visible workspace.path_not_writable
  workspace.persist_already_projected workspace.persist_conflict workspace.persist_not_projected
  workspace.persist_state_not_found workspace.read_char_count_too_large
  workspace.read_line_count_too_large workspace.read_too_large workspace.required_artifact_empty
  workspace.run_closed workspace.search_context_too_large workspace.search_limit_invalid
  workspace.search_limit_too_large workspace.storage_corrupt workspace.write_mode_invalid
  workspace.write_requires_read workspace.write_stale_file workspace.write_too_large
  worldinfo.activation_unavailable worldinfo.entry_not_found worldinfo.invalid_entry_range
  worldinfo.read_too_large ws.frame_invalid ws.frame_too_large ws.frame_unsupported
  ws.too_many_subscriptions
`
  .trim()
  .split(/\s+/);

describe("catalogue statuses match the old table", () => {
  it("covers the codes that existed", () => {
    expect(MIGRATED_CODES.length).toBe(324);
    const catalogue: Record<string, unknown> = ERROR_CATALOGUE;
    expect(MIGRATED_CODES.filter((code) => catalogue[code] === undefined)).toEqual([]);
  });

  it("gives every one of them the status it had", () => {
    const changed = MIGRATED_CODES.filter((code) => errorStatus(code) !== legacyStatus(code)).map(
      (code) => `${code}: ${legacyStatus(code)} → ${errorStatus(code)}`,
    );
    expect(changed).toEqual([]);
  });

  it("the copied rules still distinguish statuses (the comparison can fail)", () => {
    expect(legacyStatus("chat.not_found")).toBe(404);
    expect(legacyStatus("mcp.registration_conflict")).toBe(409);
    expect(legacyStatus("model.request_failed")).toBe(502);
    expect(legacyStatus("mcp.endpoint_invalid")).toBe(400);
  });
});
