/**
 * MCP registration identity (docs/spec/mcp-platform.md §2): a UUID generated server-side (v4) and accepted
 * only in canonical lowercase hyphenated form.
 *
 * Errors (AppError):
 * - `mcp.registration_id_invalid`: not a UUID in any of the usual renderings;
 * - `mcp.registration_id_noncanonical`: a UUID, but not lowercase hyphenated (uppercase, 32 hex
 *   digits without hyphens, `{braced}` or `urn:uuid:` forms).
 */
import { AppError } from "../errors";

const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HYPHENATED_ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIMPLE_ANY_CASE = /^[0-9a-f]{32}$/i;

/** A canonical registration id (lowercase hyphenated UUID). Plain string on every wire. */
export type RegistrationId = string;

/** True when `value` is already a canonical registration id. Never throws. */
export function isCanonicalRegistrationId(value: string): boolean {
  return CANONICAL.test(value);
}

/**
 * Parses a registration id. Returns it unchanged when canonical; otherwise throws
 * `mcp.registration_id_noncanonical` (a UUID in another rendering) or `mcp.registration_id_invalid`.
 * The message never echoes more than 80 characters of the input.
 */
export function parseRegistrationId(value: string): RegistrationId {
  if (CANONICAL.test(value)) return value;
  let core = value;
  if (/^urn:uuid:/i.test(core)) core = core.slice("urn:uuid:".length);
  else if (core.startsWith("{") && core.endsWith("}")) core = core.slice(1, -1);
  if (HYPHENATED_ANY_CASE.test(core) || SIMPLE_ANY_CASE.test(core)) {
    throw new AppError(
      "mcp.registration_id_noncanonical",
      `MCP registration id "${preview(value)}" must be written as a lowercase hyphenated UUID.`,
    );
  }
  throw new AppError("mcp.registration_id_invalid", `"${preview(value)}" is not an MCP registration id (a UUID).`);
}

/** A fresh registration id (UUID v4 from the platform CSPRNG, canonical form). */
export function newRegistrationId(): RegistrationId {
  return crypto.randomUUID().toLowerCase();
}

/** Provider id of a registration's tools: `mcp/<registrationId>` (docs/spec/mcp-platform.md §2). */
export function mcpProviderId(registrationId: RegistrationId): string {
  return `mcp/${registrationId}`;
}

/**
 * Parses an MCP provider id `mcp/<uuid>`. Missing prefix → `mcp.provider_id_invalid`; then the
 * registration id rules above.
 */
export function parseMcpProviderId(providerId: string): RegistrationId {
  if (!providerId.startsWith("mcp/")) {
    throw new AppError(
      "mcp.provider_id_invalid",
      `Tool provider "${preview(providerId)}" is not an MCP provider (expected mcp/<registration id>).`,
    );
  }
  return parseRegistrationId(providerId.slice(4));
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
