/**
 * zod contracts of the MCP registry (docs/spec/mcp-platform.md §3–§5, §7, §14; docs/api.md):
 * HTTP bodies and the strict v1 stored registration document. Domain rules (endpoint, names,
 * empty overrides, …) are checked by src/domain/mcp after the shape passes here.
 */
import { z } from "zod";
import { MCP_PROTOCOL_VERSIONS } from "../domain/mcp/registration";

/** `kind` of a stored registration document. */
export const REGISTRATION_KIND = "tavernedge.mcpServerRegistration";
/** The only stored registration schema version. */
export const REGISTRATION_SCHEMA_VERSION = 1;

export const protocolVersionSchema = z.enum(MCP_PROTOCOL_VERSIONS);
export const headersSchema = z.record(z.string(), z.string());
const ifRevision = z.number().int().min(0).optional();

/** ToolDescriptionOverride (strict, docs/spec/mcp-platform.md §5). */
export const descriptionOverrideSchema = z.strictObject({
  description: z.string().optional(),
  properties: z.record(z.string(), z.string()).optional(),
});

/** `POST /mcp/servers` first pass: any JSON object; `json` present → import, else create. */
export const postServersBodySchema = z.record(z.string(), z.unknown());
/** `POST /mcp/servers` (create). */
export const createServerBodySchema = z.strictObject({
  displayName: z.string(),
  endpoint: z.string(),
  headers: headersSchema.optional(),
  protocolVersion: protocolVersionSchema.optional(),
});
/** `POST /mcp/servers` (JSON import): `json` is the text of one server or an mcpServers map. */
export const importServersBodySchema = z.strictObject({ json: z.string() });
/** `PUT /mcp/servers/:id`: full replacement; every field required. */
export const updateServerBodySchema = z.strictObject({
  displayName: z.string(),
  endpoint: z.string(),
  headers: headersSchema,
  protocolVersion: protocolVersionSchema,
  ifRevision,
});
/** `PUT /mcp/servers/:id` body as a client sends it. */
export type UpdateServerBody = z.input<typeof updateServerBodySchema>;
/** `DELETE /mcp/servers/:id` (body optional). */
export const removeServerBodySchema = z.strictObject({ ifRevision });
/** `POST /mcp/servers/:id/state`. */
export const setStateBodySchema = z.strictObject({ state: z.enum(["active", "paused"]), ifRevision });
/** `PUT /mcp/servers/:id/tools/:nativeName/permission`. */
export const setPermissionBodySchema = z.strictObject({ permission: z.enum(["off", "ask", "allow"]), ifRevision });
/** `PUT /mcp/servers/:id/permissions`: a patch of the listed tools only (docs/spec/approvals.md §8). */
export const setPermissionsBodySchema = z.strictObject({
  permissions: z.record(z.string().min(1).max(512), z.enum(["off", "ask", "allow"])),
  ifRevision,
});
/** `POST /mcp/servers/:id/tools/:nativeName/review`: accept the tool's changed definition. */
export const acceptReviewBodySchema = z.strictObject({ accept: z.literal(true), ifRevision });
/** `PUT /mcp/servers/:id/tools/:nativeName/description-override` (`override: null` deletes). */
export const setDescriptionOverrideBodySchema = z.strictObject({
  override: descriptionOverrideSchema.nullable(),
  ifRevision,
});

/** A sealed secret envelope as stored (ports/secret-cipher SealedSecret). */
export const sealedSecretSchema = z.strictObject({
  kid: z.string().min(1),
  iv: z.string().min(1),
  ct: z.string().min(1),
});

/**
 * Strict v1 registration document (one per `te_mcp_registrations.document`). Hosted deviation from
 * the desktop file (ADR 0300): `endpoint` is stored WITHOUT userinfo, which lives sealed in
 * `sealedUserinfo`; header values live sealed, as one JSON envelope, in `sealedHeaders`.
 * `schemaVersion` and `kind` are checked before this schema so they get their own codes.
 */
export const registrationDocumentSchema = z.strictObject({
  schemaVersion: z.literal(REGISTRATION_SCHEMA_VERSION),
  kind: z.literal(REGISTRATION_KIND),
  id: z.string(),
  displayName: z.string(),
  endpoint: z.string(),
  sealedUserinfo: sealedSecretSchema.optional(),
  sealedHeaders: sealedSecretSchema.optional(),
  protocolVersion: protocolVersionSchema.optional(),
  state: z.enum(["active", "paused"]),
  toolPermissions: z.record(z.string(), z.string()).optional(),
  toolDescriptionOverrides: z.record(z.string(), descriptionOverrideSchema).optional(),
});

export type RegistrationDocument = z.infer<typeof registrationDocumentSchema>;
