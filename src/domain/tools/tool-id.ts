/**
 * ToolId: the canonical identity of a model-callable tool (docs/spec/mcp-platform.md §2, docs/spec/tool-system.md §1).
 *
 * Shape `<providerId>:<nativeName>`, split on the FIRST `:` only, so native names may contain `:`
 * (`mcp/550e8400-e29b-41d4-a716-446655440000:search:exact`). Providers: `builtin`
 * (`builtin:workspace.read_file`) and `mcp/<canonical lowercase registration uuid>`.
 * ToolIds are plain strings on every wire; these helpers validate and split them.
 */
import { AppError } from "../errors";

/** A canonical ToolId string (`builtin:<name>` or `mcp/<uuid>:<nativeName>`). */
export type ToolId = string;

/** Provider id of the builtin tools. */
export const BUILTIN_PROVIDER_ID = "builtin";
/** Prefix of an MCP provider id (`mcp/<uuid>`). */
export const MCP_PROVIDER_PREFIX = "mcp/";
/** Native MCP tool names are at most this many UTF-8 bytes (docs/spec/mcp-platform.md §3). */
export const MAX_NATIVE_TOOL_NAME_BYTES = 256;

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ANY_CASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const encoder = new TextEncoder();

/** A ToolId split into its parts. `registrationId` is set for MCP tools only. */
export interface ParsedToolId {
  id: ToolId;
  providerId: string;
  nativeName: string;
  kind: "builtin" | "mcp" | "other";
  registrationId?: string;
}

/** Builds `<providerId>:<nativeName>`; codes `tool.provider_id_empty`, `tool.provider_id_invalid` (contains `:`), `tool.native_name_empty`. */
export function formatToolId(providerId: string, nativeName: string): ToolId {
  if (providerId.length === 0) throw new AppError("tool.provider_id_empty", "A tool provider id must not be empty.");
  if (providerId.includes(":"))
    throw new AppError("tool.provider_id_invalid", `Tool provider id "${providerId}" must not contain ":".`);
  if (nativeName.length === 0) throw new AppError("tool.native_name_empty", "A tool name must not be empty.");
  return `${providerId}:${nativeName}`;
}

/** `builtin:<name>`. */
export function builtinToolId(name: string): ToolId {
  return formatToolId(BUILTIN_PROVIDER_ID, name);
}

/** `mcp/<registrationId>:<nativeName>`; validates the registration id and the native name (see parseMcpToolId). */
export function mcpToolId(registrationId: string, nativeName: string): ToolId {
  return parseMcpToolId(formatToolId(`${MCP_PROVIDER_PREFIX}${registrationId}`, nativeName)).id;
}

/**
 * Splits a ToolId on the first `:`. Errors: no `:` → `tool.id_invalid`; empty provider →
 * `tool.provider_id_empty`; empty native name → `tool.native_name_empty`.
 * Any provider id is accepted here (kind `other`); use parseMcpToolId for MCP-only checks.
 */
export function parseToolId(value: string): ParsedToolId {
  const colon = value.indexOf(":");
  if (colon < 0)
    throw new AppError("tool.id_invalid", `"${preview(value)}" is not a tool id (expected <provider>:<name>).`);
  const providerId = value.slice(0, colon);
  const nativeName = value.slice(colon + 1);
  formatToolId(providerId, nativeName);
  if (providerId === BUILTIN_PROVIDER_ID) return { id: value, providerId, nativeName, kind: "builtin" };
  if (providerId.startsWith(MCP_PROVIDER_PREFIX)) {
    const registrationId = providerId.slice(MCP_PROVIDER_PREFIX.length);
    if (CANONICAL_UUID.test(registrationId)) return { id: value, providerId, nativeName, kind: "mcp", registrationId };
  }
  return { id: value, providerId, nativeName, kind: "other" };
}

/**
 * Parses an MCP ToolId `mcp/<uuid>:<nativeName>` strictly. Errors: the parseToolId codes; provider
 * without the `mcp/` prefix → `mcp.provider_id_invalid`; not a UUID → `mcp.registration_id_invalid`;
 * a UUID not in lowercase hyphenated form → `mcp.registration_id_noncanonical`; native name over
 * 256 UTF-8 bytes → `mcp.tool_name_too_long` (docs/spec/mcp-platform.md §2, §3).
 */
export function parseMcpToolId(value: string): ParsedToolId & { kind: "mcp"; registrationId: string } {
  const parsed = parseToolId(value);
  if (!parsed.providerId.startsWith(MCP_PROVIDER_PREFIX)) {
    throw new AppError(
      "mcp.provider_id_invalid",
      `Tool provider "${preview(parsed.providerId)}" is not an MCP provider (expected mcp/<registration id>).`,
    );
  }
  const registrationId = parsed.providerId.slice(MCP_PROVIDER_PREFIX.length);
  if (!ANY_CASE_UUID.test(registrationId))
    throw new AppError(
      "mcp.registration_id_invalid",
      `"${preview(registrationId)}" is not an MCP registration id (a UUID).`,
    );
  if (!CANONICAL_UUID.test(registrationId)) {
    throw new AppError(
      "mcp.registration_id_noncanonical",
      `MCP registration id "${registrationId}" must be written in lowercase hyphenated form.`,
    );
  }
  if (encoder.encode(parsed.nativeName).length > MAX_NATIVE_TOOL_NAME_BYTES) {
    throw new AppError("mcp.tool_name_too_long", `MCP tool name is longer than ${MAX_NATIVE_TOOL_NAME_BYTES} bytes.`);
  }
  return { ...parsed, kind: "mcp", registrationId };
}

/** True when `value` is a well-formed builtin ToolId. */
export function isBuiltinToolId(value: string): boolean {
  return value.startsWith(`${BUILTIN_PROVIDER_ID}:`) && value.length > BUILTIN_PROVIDER_ID.length + 1;
}

/** True when `value` parses as a strict MCP ToolId (never throws). */
export function isMcpToolId(value: string): boolean {
  try {
    parseMcpToolId(value);
    return true;
  } catch {
    return false;
  }
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
