/** `mcp.*` error codes (docs/spec/mcp-platform.md §13): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const MCP_CODES = {
  "mcp.tool_changed_since_permission": {
    status: 400,
    message: "This tool changed since you set its permission; it asks before every call until you review the change.",
  },
  "mcp.tool_review_not_found": { status: 404, message: "This tool has no change waiting for review." },
  "mcp.permissions_unknown_tools": {
    status: 400,
    message: "Some tools are not in the server's saved tool list; nothing was changed.",
  },
  "mcp.approval_denied": { status: 400, message: "The user declined this tool call; it was not sent." },
  "mcp.approval_expired": { status: 400, message: "Nobody approved this tool call in time; it was not sent." },
  "mcp.legacy_tool_not_advertised": {
    status: 400,
    message: "The model called a tool alias that was not offered to it in this round.",
  },
  "mcp.call_arguments_invalid_json": { status: 400, message: "The arguments are not valid JSON." },
  "mcp.call_arguments_not_object": { status: 400, message: "The arguments must be a JSON object, such as {}." },
  "mcp.call_arguments_size_limit": {
    status: 400,
    message: "The arguments are … bytes; the limit is … bytes (256 KiB).",
  },
  "mcp.call_cancelled": {
    status: 400,
    message: "The call was cancelled after it was sent; the server may still have run it.",
  },
  "mcp.call_cancelled_before_send": { status: 400, message: "The tool request was cancelled before it was sent." },
  "mcp.call_content_unsupported": {
    status: 400,
    message: "The result holds content that cannot be shown (only text is).",
  },
  "mcp.call_headers_invalid": {
    status: 400,
    message: "The server's saved headers cannot be sent; edit them in the MCP Manager.",
  },
  "mcp.call_id_in_use": { status: 409, message: "A call with id … is already running." },
  "mcp.call_initialize_failed": { status: 400, message: "The MCP server could not be started." },
  "mcp.call_initialize_timeout": { status: 400, message: "The MCP server did not start up in time." },
  "mcp.call_metadata_failed": { status: 400, message: "Listing the server's tools to prepare the call failed." },
  "mcp.call_metadata_timeout": { status: 400, message: "Listing the server's tools to prepare the call timed out." },
  "mcp.call_metadata_unsupported": { status: 400, message: "The result carried _meta metadata, which is not shown." },
  "mcp.call_not_queued": { status: 400, message: "The tool request could not be sent." },
  "mcp.call_outcome_unknown": {
    status: 400,
    message: "The MCP tool may have executed; this call will not be retried.",
  },
  "mcp.call_permission_off": { status: 400, message: "Tool … of … is Off in the MCP Manager." },
  "mcp.call_registration_invalid": { status: 400, message: "This is not a valid MCP registration id." },
  "mcp.call_registration_not_found": { status: 404, message: "MCP registration not found." },
  "mcp.call_registration_unavailable": { status: 400, message: "MCP registration … could not be loaded." },
  "mcp.call_response_failed": {
    status: 400,
    message: "The server restarted while this call was in flight; whether the tool ran is unknown.",
  },
  "mcp.call_server_paused": { status: 400, message: "MCP server … is paused; activate it to call its tools." },
  "mcp.call_session_expired": {
    status: 400,
    message: "The server no longer knows this connection's session and did not run the tool.",
  },
  "mcp.call_timeout": { status: 400, message: "The server did not answer within …; it may still have run the tool." },
  "mcp.call_unauthorized": {
    status: 400,
    message: "The server refused the call before running it: it requires credentials (add them as a header).",
  },
  "mcp.call_tool_name_invalid": { status: 400, message: "This is not a valid MCP tool name." },
  "mcp.call_tool_unavailable": { status: 400, message: "The server does not offer a tool named …." },
  "mcp.call_tools_capability_missing": { status: 400, message: "The MCP server does not offer tools." },
  "mcp.catalog_endpoint_mismatch": {
    status: 400,
    message: "The stored tool catalog was fetched from a different endpoint; refresh the server to replace it.",
  },
  "mcp.catalog_kind_invalid": {
    status: 400,
    message: "The stored tool catalog is not a catalog snapshot; refresh the server to replace it.",
  },
  "mcp.catalog_not_cached": {
    status: 400,
    message: "This MCP server has no cached tool catalog; refresh it in the MCP Manager.",
  },
  "mcp.catalog_persistence_failed": {
    status: 400,
    message: "Tools are available for this session, but the catalog snapshot could not be saved.",
  },
  "mcp.catalog_registration_mismatch": {
    status: 400,
    message: "The stored tool catalog belongs to another server; refresh the server to replace it.",
  },
  "mcp.catalog_schema_unsupported": {
    status: 400,
    message: "The stored tool catalog has an unsupported schema version (…); refresh the server to replace it.",
  },
  "mcp.catalog_snapshot_invalid": {
    status: 400,
    message: "The stored tool catalog is not valid JSON; refresh the server to replace it.",
  },
  "mcp.client_close_failed": { status: 400, message: "Closing the MCP connection failed." },
  "mcp.description_override_empty": {
    status: 400,
    message:
      "A description override needs a description or at least one property description; send override: null to remove it.",
  },
  "mcp.discovery_catalog_size_limit": { status: 400, message: "The server's tools are larger than 8 MiB in total." },
  "mcp.discovery_cursor_cycle": { status: 400, message: "The server repeated a tools/list cursor." },
  "mcp.discovery_cursor_empty": {
    status: 400,
    message: "The server ended tools/list with an empty nextCursor; it was taken as the end of the list.",
  },
  "mcp.discovery_initialize_failed": { status: 400, message: "The MCP server could not be started." },
  "mcp.discovery_initialize_timeout": { status: 400, message: "The MCP server did not start up in time." },
  "mcp.discovery_list_failed": { status: 400, message: "Listing the server's tools failed." },
  "mcp.discovery_list_timeout": { status: 400, message: "Listing the server's tools timed out." },
  "mcp.discovery_page_limit": { status: 400, message: "The server's tools/list has more than 32 pages." },
  "mcp.discovery_peer_info_missing": { status: 400, message: "The server did not say who it is during initialize." },
  "mcp.discovery_result_type_unsupported": {
    status: 400,
    message: "The server answered tools/list with a result type that is not supported.",
  },
  "mcp.discovery_tool_limit": { status: 400, message: "The server offers more than 512 tools." },
  "mcp.display_name_empty": { status: 400, message: "An MCP server needs a display name." },
  "mcp.endpoint_absolute_required": {
    status: 400,
    message: "The MCP endpoint must be an absolute URL with a host, such as https://example.com/mcp.",
  },
  "mcp.endpoint_fragment_forbidden": { status: 400, message: "The MCP endpoint must not contain a #fragment." },
  "mcp.endpoint_invalid": { status: 400, message: "The MCP endpoint is not a valid absolute URL." },
  "mcp.endpoint_scheme_invalid": { status: 400, message: "The MCP endpoint must use http or https, not …." },
  "mcp.endpoint_unreachable_when_deployed": {
    status: 400,
    message: "A deployed server cannot reach loopback, private or local-network hosts.",
  },
  "mcp.header_name_invalid": {
    status: 400,
    message: "The header name … is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\\.",
  },
  "mcp.header_reserved": {
    status: 400,
    message: "The header … is set by the MCP transport itself and cannot be configured.",
  },
  "mcp.header_value_invalid": {
    status: 400,
    message:
      "The value of header … contains line breaks or other control characters, which are not allowed in HTTP headers.",
  },
  "mcp.header_value_non_ascii": {
    status: 400,
    message:
      "The value of header … contains non-ASCII characters (such as Chinese or full-width characters); HTTP header values must be plain ASCII.",
  },
  "mcp.import_document_invalid": { status: 400, message: "The MCP server configuration is not valid." },
  "mcp.import_duplicate_endpoint": { status: 400, message: "Another registration already uses this endpoint." },
  "mcp.import_entry_invalid": { status: 400, message: "This entry is not an object." },
  "mcp.import_json_invalid": { status: 400, message: "The imported text is not valid JSON." },
  "mcp.import_headers_invalid": {
    status: 400,
    message: "This entry's headers must be an object of string values.",
  },
  "mcp.import_protocol_version_invalid": { status: 400, message: "This entry's protocolVersion must be a string." },
  "mcp.import_transport_sse": {
    status: 400,
    message: "This server uses the legacy HTTP+SSE transport; only Streamable HTTP is supported.",
  },
  "mcp.import_transport_stdio": {
    status: 400,
    message:
      "This is a local (stdio) server started with a command; only remote Streamable HTTP servers are supported.",
  },
  "mcp.import_url_missing": { status: 400, message: "This entry has no url (or serverUrl)." },
  "mcp.import_transport_unsupported": {
    status: 400,
    message:
      "This is a local (stdio) server started with a command; only remote Streamable HTTP servers are supported.",
  },
  "mcp.model_input_schema_unsupported": {
    status: 400,
    message: "The tool's input schema is not an object schema, so a model cannot call it.",
  },
  "mcp.permission_invalid": { status: 400, message: "Permission must be off, ask or allow." },
  "mcp.permission_off_not_persisted": {
    status: 400,
    message: "Tool … has a stored permission of off; off is the default and is never stored.",
  },
  "mcp.protocol_version_invalid": { status: 400, message: "Protocol version must be one of …." },
  "mcp.provider_id_invalid": {
    status: 400,
    message: "Tool provider … is not an MCP provider (expected mcp/<registration id>).",
  },
  "mcp.registration_conflict": {
    status: 409,
    message: "This MCP server was changed on another device; review the current version and try again.",
  },
  "mcp.registration_document_invalid": { status: 400, message: "The stored registration is not valid JSON." },
  "mcp.registration_id_invalid": { status: 400, message: "This is not an MCP registration id (a UUID)." },
  "mcp.registration_id_mismatch": { status: 400, message: "The stored registration's id does not match its row id." },
  "mcp.registration_id_noncanonical": {
    status: 400,
    message: "MCP registration id … must be written as a lowercase hyphenated UUID.",
  },
  "mcp.registration_kind_invalid": { status: 400, message: "The stored registration's kind is not …." },
  "mcp.registration_not_found": { status: 404, message: "MCP registration not found." },
  "mcp.registration_schema_unsupported": {
    status: 400,
    message: "The stored registration has an unsupported schemaVersion (expected 1).",
  },
  "mcp.registration_storage_issue": { status: 400, message: "This MCP registration cannot be read (…)." },
  "mcp.server_error": { status: 400, message: "The MCP server answered with an error." },
  "mcp.server_paused": {
    status: 400,
    message: "MCP registration … must be active before discovery; activate it first.",
  },
  "mcp.server_state_invalid": { status: 400, message: "State must be active or paused." },
  "mcp.tool_annotations_invalid": { status: 400, message: "The tool annotations are not a JSON object." },
  "mcp.tool_description_override_invalid": {
    status: 400,
    message: "The tool's description override does not fit its schema; the tool is left out.",
  },
  "mcp.tool_duplicate_name": {
    status: 400,
    message: "The server offers several tools with this name; all of them are left out.",
  },
  "mcp.tool_error": { status: 400, message: "The MCP tool returned an error." },
  "mcp.tool_header_marking_invalid": {
    status: 400,
    message: "The tool's x-mcp-header markings are not valid; the tool is left out.",
  },
  "mcp.tool_input_schema_invalid": {
    status: 400,
    message: "The tool's input schema is not a valid JSON Schema; the tool is left out.",
  },
  "mcp.tool_name_empty": { status: 400, message: "An MCP tool name must not be empty." },
  "mcp.tool_name_invalid": {
    status: 400,
    message:
      "The tool name in the URL (…) is not valid percent-encoded UTF-8; encode the name with encodeURIComponent.",
  },
  "mcp.tool_name_too_long": {
    status: 400,
    message: "An MCP tool name may be at most … bytes of UTF-8; this one is ….",
  },
  "mcp.tool_not_in_cached_catalog": { status: 400, message: "The tool is not in the server's cached catalog." },
  "mcp.tool_output_schema_invalid": { status: 400, message: "The tool's output schema is not valid and was removed." },
  "mcp.tool_permission_off": { status: 400, message: "The tool is Off in the MCP Manager." },
  "mcp.tool_provider_invalid": { status: 400, message: "This is not an MCP tool id." },
  "mcp.tool_size_limit": { status: 400, message: "The tool is larger than 256 KiB; it is left out." },
  "mcp.unsupported_response": { status: 400, message: "The MCP server answered in a way that is not supported." },
} as const satisfies Record<`mcp.${string}`, CatalogueEntry>;
