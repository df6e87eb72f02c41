/**
 * The one code → HTTP status table (docs/spec/hosted.md §6). Exact codes first, then suffix rules,
 * then 400 for any other dotted code from a validation path; unknown errors are 500.
 * Features add their exact codes to EXACT_STATUS.
 */
export const EXACT_STATUS: Record<string, number> = {
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

const SUFFIX_STATUS: Array<[RegExp, number]> = [
  [/(^|[._])not_found$/, 404],
  [/(^|[._])conflict$/, 409],
  [/_in_use$/, 409],
  [/(^|[._])active$/, 409],
  [/too_large$/, 413],
  [/rate_limited$/, 429],
];

/** HTTP status for an error code. */
export function statusForCode(code: string): number {
  const exact = EXACT_STATUS[code];
  if (exact !== undefined) return exact;
  for (const [pattern, status] of SUFFIX_STATUS) if (pattern.test(code)) return status;
  return 400;
}
