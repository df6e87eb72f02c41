/**
 * `McpServerRegistration` (docs/spec/mcp-platform.md §3–§5): the domain object and its pure rules.
 * Every function returns new values; nothing is mutated in place.
 *
 * Codes raised here: `mcp.display_name_empty`, `mcp.protocol_version_invalid` (hosted extension),
 * `mcp.server_state_invalid` (hosted extension), `mcp.permission_invalid` (hosted extension),
 * `mcp.permission_off_not_persisted`, `mcp.description_override_empty` (also for a blank description
 * at save time), and the tool-name codes of
 * ./tool-name (`mcp.tool_name_empty`, `mcp.tool_name_too_long`).
 */
import { AppError } from "../errors";
import type { ToolDescriptionOverride } from "../tools/descriptor";
import { validateToolName } from "./tool-name";

export type { ToolDescriptionOverride } from "../tools/descriptor";

/**
 * Every accepted protocol version preference (docs/spec/mcp-platform.md §6), `auto` first then newest to
 * oldest: the one list the registry, the gateway, the HTTP contract and the web form all use.
 */
export const MCP_PROTOCOL_VERSIONS = ["auto", "2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"] as const;
/** Protocol version preference (docs/spec/mcp-platform.md §6), default `auto`. */
export type McpProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];
/** The dated versions (every preference except `auto`), newest first. */
export type McpDatedProtocolVersion = Exclude<McpProtocolVersion, "auto">;

/** Registration state; `create` always yields `paused`. */
export type McpServerState = "active" | "paused";
/** Permission of one tool; `off` is the implicit default and never stored. */
export type ToolPermission = "off" | "ask" | "allow";
/** A permission as stored (Off is the absence of a key). */
export type StoredToolPermission = "ask" | "allow";

/**
 * A registration with its secrets in clear (only inside the Durable Object, and to the owner's
 * devices). `endpoint` is normalized and includes userinfo when present; `headers` names and
 * values are verbatim (docs/spec/mcp-platform.md §3: no trimming). Hosted deviation (ADR 0394): names and
 * values are also checked when saved (`checkCustomHeaders` in ./headers), not only before sending.
 */
export interface McpServerRegistration {
  id: string;
  displayName: string;
  endpoint: string;
  headers: Record<string, string>;
  protocolVersion: McpProtocolVersion;
  state: McpServerState;
  toolPermissions: Record<string, StoredToolPermission>;
  toolDescriptionOverrides: Record<string, ToolDescriptionOverride>;
}

/** Trims a display name; empty after trimming → `mcp.display_name_empty`. */
export function normalizeDisplayName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new AppError("mcp.display_name_empty", "An MCP server needs a display name.");
  return trimmed;
}

/** Validates a protocol version preference (`undefined` → `auto`); else `mcp.protocol_version_invalid`. */
export function parseProtocolVersion(value: string | undefined): McpProtocolVersion {
  if (value === undefined) return "auto";
  if ((MCP_PROTOCOL_VERSIONS as readonly string[]).includes(value)) return value as McpProtocolVersion;
  throw new AppError(
    "mcp.protocol_version_invalid",
    `Protocol version must be one of ${MCP_PROTOCOL_VERSIONS.join(", ")}.`,
  );
}

/** Validates a state; else `mcp.server_state_invalid`. */
export function parseServerState(value: string): McpServerState {
  if (value === "active" || value === "paused") return value;
  throw new AppError("mcp.server_state_invalid", "State must be active or paused.");
}

/** Validates a permission value (`off` | `ask` | `allow`); else `mcp.permission_invalid`. */
export function parseToolPermission(value: string): ToolPermission {
  if (value === "off" || value === "ask" || value === "allow") return value;
  throw new AppError("mcp.permission_invalid", "Permission must be off, ask or allow.");
}

/**
 * Validates a stored permission map (load path): names by the tool-name rules, values `ask` /
 * `allow`; a stored `off` → `mcp.permission_off_not_persisted`.
 */
export function validateStoredPermissions(permissions: Record<string, string>): Record<string, StoredToolPermission> {
  const out: Record<string, StoredToolPermission> = {};
  for (const [name, value] of Object.entries(permissions)) {
    validateToolName(name);
    if (value === "off")
      throw new AppError(
        "mcp.permission_off_not_persisted",
        `Tool "${name}" has a stored permission of off; off is the default and is never stored.`,
      );
    if (value !== "ask" && value !== "allow")
      throw new AppError("mcp.permission_invalid", `Tool "${name}" has an unknown permission.`);
    setOwn(out, name, value);
  }
  return out;
}

/**
 * Sets one tool's permission (docs/spec/mcp-platform.md §4): `off` deletes the key, `ask` / `allow` set it.
 * Validates the name. Returns a new map.
 */
export function withPermission(
  permissions: Readonly<Record<string, StoredToolPermission>>,
  nativeName: string,
  permission: ToolPermission,
): Record<string, StoredToolPermission> {
  validateToolName(nativeName);
  const next = { ...permissions };
  if (permission === "off") delete next[nativeName];
  else setOwn(next, nativeName, permission);
  return next;
}

/**
 * Validates an override (docs/spec/mcp-platform.md §5): strings and property names verbatim; an
 * override with neither a description nor any property → `mcp.description_override_empty`.
 * Returns the canonical form (`properties` always present, `{}` when none).
 */
export function normalizeDescriptionOverride(
  override: ToolDescriptionOverride,
): ToolDescriptionOverride & { properties: Record<string, string> } {
  const properties = Object.fromEntries(Object.entries(override.properties ?? {}));
  if (override.description === undefined && Object.keys(properties).length === 0) {
    throw new AppError(
      "mcp.description_override_empty",
      "A description override needs a description or at least one property description; send override: null to remove it.",
    );
  }
  return { ...(override.description !== undefined ? { description: override.description } : {}), properties };
}

/**
 * Save-time rule (hosted, ADR 0392): a description or property description that is empty or only
 * whitespace would replace the server's text with nothing, so it is refused with
 * `mcp.description_override_empty` (details `{field}`: `description` or `properties.<name>`).
 * Non-blank strings stay verbatim (no trim). Not applied when loading stored rows.
 */
export function checkOverrideNotBlank(override: ToolDescriptionOverride): void {
  if (override.description !== undefined && override.description.trim() === "") {
    throw new AppError(
      "mcp.description_override_empty",
      "A custom tool description cannot be blank; leave it out to keep the server's description, or send override: null to remove the override.",
      { field: "description" },
    );
  }
  for (const [name, text] of Object.entries(override.properties ?? {})) {
    if (text.trim() === "") {
      const shown = (name.length > 64 ? `${name.slice(0, 64)}…` : name).replace(/[\u0000-\u001f\u007f]/g, "?");
      throw new AppError(
        "mcp.description_override_empty",
        `The custom description of property "${shown}" cannot be blank; leave the property out to keep the server's text.`,
        { field: `properties.${shown}` },
      );
    }
  }
}

/**
 * Sets (whole replacement) or deletes (`null`, the only delete) one tool's override. Validates
 * the tool name and the override (including checkOverrideNotBlank). Returns a new map.
 */
export function withDescriptionOverride(
  overrides: Readonly<Record<string, ToolDescriptionOverride>>,
  nativeName: string,
  override: ToolDescriptionOverride | null,
): Record<string, ToolDescriptionOverride> {
  validateToolName(nativeName);
  const next = { ...overrides };
  if (override === null) delete next[nativeName];
  else {
    const normalized = normalizeDescriptionOverride(override);
    checkOverrideNotBlank(normalized);
    setOwn(next, nativeName, normalized);
  }
  return next;
}

/** Validates a stored override map (load path) with the rules above. */
export function validateStoredOverrides(
  overrides: Record<string, ToolDescriptionOverride>,
): Record<string, ToolDescriptionOverride> {
  const out: Record<string, ToolDescriptionOverride> = {};
  for (const [name, override] of Object.entries(overrides)) {
    validateToolName(name);
    setOwn(out, name, normalizeDescriptionOverride(override));
  }
  return out;
}

/**
 * True when `next` changes the connection of `previous` (endpoint, headers or protocol version):
 * the stored catalog snapshot must then be deleted before `next` is saved (docs/spec/mcp-platform.md §3).
 */
export function connectionChanged(
  previous: Pick<McpServerRegistration, "endpoint" | "headers" | "protocolVersion">,
  next: Pick<McpServerRegistration, "endpoint" | "headers" | "protocolVersion">,
): boolean {
  if (previous.endpoint !== next.endpoint || previous.protocolVersion !== next.protocolVersion) return true;
  const a = Object.entries(previous.headers);
  const b = next.headers;
  return a.length !== Object.keys(b).length || a.some(([name, value]) => !Object.hasOwn(b, name) || b[name] !== value);
}

/**
 * Sets an own enumerable property even for keys such as `__proto__` (tool names are arbitrary
 * text, so plain assignment could change an object's prototype instead).
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
