/** `model.*` error codes (docs/spec/agent-runtime.md §7): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const MODEL_CODES = {
  "model.too_many_tools": {
    status: 400,
    message:
      "More MCP tools are allowed than this connection accepts in one request. Set some tools to Off in the MCP Manager.",
  },
  "model.api_key_invalid": {
    status: 400,
    message:
      "The API key contains non-ASCII characters (such as Chinese or full-width characters) or line breaks, which cannot be sent in an HTTP header. Paste the key exactly as the provider shows it.",
  },
  "model.api_key_missing": {
    status: 409,
    message:
      "This connection has no API key: it was restored from an export without secrets. Enter the key again in Settings → Connections.",
  },
  "model.cancelled": { status: 400, message: "The model request was cancelled." },
  "model.connection_limit_exceeded": {
    status: 400,
    message: "A user can have at most … model connections. Delete one first.",
  },
  "model.connection_not_found": { status: 404, message: "No model connection with this id." },
  "model.invalid_tool_call": {
    status: 502,
    message: "Sent tool call … (…) without an id, so its result could not be matched to it.",
  },
  "model.no_default_connection": {
    status: 404,
    message: "There is no default model connection. Add a connection or mark one as the default.",
  },
  "model.native_metadata_lost": {
    status: 502,
    message:
      "Returned tool calls without their response item ids, so the conversation could not be continued faithfully.",
  },
  "model.output_truncated": {
    status: 502,
    message: "Stopped at the output token limit (…) before the answer was finished.",
  },
  "model.provider_denied": { status: 502, message: "Needs an API key; this connection has none." },
  "model.provider_rate_limited": { status: 429, message: "This is rate limiting requests (HTTP 429)." },
  "model.provider_refusal": { status: 502, message: "Refused to answer." },
  "model.provider_rejected": { status: 502, message: "Rejected the request (HTTP …)." },
  "model.request_build_failed": {
    status: 400,
    message: "The provider state of this run is not valid: its message cursor does not fit the conversation.",
  },
  "model.request_failed": { status: 502, message: "The request to … failed." },
  "model.stream_failed": { status: 502, message: "Ended the response without saying why it stopped." },
  "model.tool_call_required": {
    status: 400,
    message: "The model answered without calling a tool in the last round (…); the run needs workspace_finish to end.",
  },
  "model.tool_choice_violation": { status: 400, message: "The model called a tool the turn did not allow." },
  "model.unknown_tool_call": { status: 400, message: "The model called a tool that is not available." },
  "model.upstream_invalid_response": { status: 502, message: "Sent a response that could not be read." },
} as const satisfies Record<`model.${string}`, CatalogueEntry>;
