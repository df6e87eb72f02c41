/**
 * Response shapes of the MCP routes (docs/api.md "MCP servers", "MCP discovery", "MCP test calls",
 * "Model tools"; docs/spec/mcp-platform.md §10, §14 `McpServer`, `McpDiscoveryResult`, `McpTool`). Everything
 * in them that came from an MCP server or a model (names, titles, descriptions, schemas, results)
 * is untrusted text. The application builds these (application/mcp, application/tools); the web
 * client reads them type-only.
 */
import { z } from "zod";
import type { McpCallOutcomeDto, McpKnownResponseDto } from "../domain/mcp/call-outcome";
import type { RegistrationWarning } from "../domain/mcp/reachability";
import {
  MCP_PROTOCOL_VERSIONS,
  type McpProtocolVersion,
  type McpServerRegistration,
  type StoredToolPermission,
  type ToolDescriptionOverride,
  type ToolPermission,
} from "../domain/mcp/registration";
import type { JsonObject } from "../domain/tools/descriptor";
import type { ModelToolDiagnostic } from "../domain/tools/snapshot-compiler";
import type { ToolId } from "../domain/tools/tool-id";
import { isoTimeSchema } from "./device-views";
import { type ErrorCode, errorCodeSchema } from "./error-code";

export type {
  McpCallOutcomeDto,
  McpKnownResponseDto,
  McpProtocolVersion,
  RegistrationWarning,
  StoredToolPermission,
  ToolDescriptionOverride,
  ToolPermission,
};
export { MCP_PROTOCOL_VERSIONS };

/**
 * `McpServer` DTO. `endpoint` (normalized, userinfo included) and `headers` are plaintext: the
 * list goes only to the owner's authenticated devices (contract invariant 13). Hosted additions:
 * `revision` (grows on every change), `createdAt` / `updatedAt` (ISO 8601), `headersUnavailable`
 * (present and true when the stored secrets cannot be decrypted: then `headers` is `{}` and
 * `endpoint` lacks its userinfo), `warnings` (only in the response of the request that caused
 * them, e.g. `mcp.endpoint_unreachable_when_deployed`; never in frames or lists), and the cached
 * catalog's `negotiatedProtocolVersion` / `fetchedAt` when one is cached.
 * Every override carries `properties` (`{}` when none).
 */
export interface McpServerView extends Omit<McpServerRegistration, "toolDescriptionOverrides"> {
  toolDescriptionOverrides: Record<string, ToolDescriptionOverride & { properties: Record<string, string> }>;
  revision: number;
  createdAt: string;
  updatedAt: string;
  headersUnavailable?: true;
  warnings?: RegistrationWarning[];
  /** Negotiated protocol version of the cached catalog, when one is cached. */
  negotiatedProtocolVersion?: string;
  /** When the cached catalog was fetched (ISO 8601), when one is cached. */
  fetchedAt?: string;
}

const codeMessage = z.strictObject({ code: errorCodeSchema, message: z.string() });
const jsonObject = z.record(z.string(), z.unknown());

export const mcpServerViewSchema = z.strictObject({
  id: z.string(),
  displayName: z.string(),
  endpoint: z.string(),
  headers: z.record(z.string(), z.string()),
  protocolVersion: z.enum(MCP_PROTOCOL_VERSIONS),
  state: z.enum(["active", "paused"]),
  toolPermissions: z.record(z.string(), z.enum(["ask", "allow"])),
  toolDescriptionOverrides: z.record(
    z.string(),
    z.strictObject({ description: z.string().optional(), properties: z.record(z.string(), z.string()) }),
  ),
  revision: z.number().int().min(1),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
  headersUnavailable: z.literal(true).optional(),
  warnings: z.array(codeMessage).optional(),
  negotiatedProtocolVersion: z.string().optional(),
  fetchedAt: isoTimeSchema.optional(),
});

/** A storage issue as the list shows it (docs/spec/mcp-platform.md §7; hosted: `registrationId?`, `code`). */
export const storageIssueViewSchema = z.strictObject({
  registrationId: z.string().optional(),
  fileName: z.string(),
  code: errorCodeSchema,
  message: z.string(),
});
export type StorageIssueView = z.infer<typeof storageIssueViewSchema>;

/** `GET /mcp/servers` → `{servers, storageIssues}`. */
export const mcpServerListSchema = z.strictObject({
  servers: z.array(mcpServerViewSchema),
  storageIssues: z.array(storageIssueViewSchema),
});
export type McpServerList = { servers: McpServerView[]; storageIssues: StorageIssueView[] };

/** `POST /mcp/servers {json}` → `{servers, skipped}`. */
export const mcpImportResultSchema = z.strictObject({
  servers: z.array(mcpServerViewSchema),
  skipped: z.array(
    z.strictObject({
      name: z.string(),
      code: errorCodeSchema,
      message: z.string(),
      /** The check's details (e.g. `{header}`), so the client can fill its translated sentence. */
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
export type McpImportResult = {
  servers: McpServerView[];
  skipped: Array<{ name: string; code: ErrorCode; message: string; details?: Record<string, unknown> }>;
};

/** `DELETE /mcp/servers/:id` result and the `mcp.server_removed` frame body. */
export const mcpServerRemovedSchema = z.strictObject({ registrationId: z.string(), revision: z.number().int() });
export type McpServerRemoved = z.infer<typeof mcpServerRemovedSchema>;

/** The part of a tool a permission approves (docs/spec/approvals.md §7). */
export const reviewedDescriptorSchema = z.strictObject({
  name: z.string(),
  description: z.string().nullable(),
  inputSchema: jsonObject,
  annotations: jsonObject,
});

/** One tool of a discovery result; `id` is its ToolId, `permission` projected at read time. */
export const mcpToolViewSchema = z.strictObject({
  id: z.string(),
  nativeName: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  /** Untrusted hints from the server. */
  annotations: jsonObject,
  permission: z.enum(["off", "ask", "allow"]),
  /**
   * Present while the tool changed since the user set its permission (docs/spec/approvals.md §7):
   * what was approved (`previous`) and what the server offers now (`current`).
   */
  review: z
    .strictObject({
      changedAt: isoTimeSchema,
      previous: reviewedDescriptorSchema,
      current: reviewedDescriptorSchema,
    })
    .optional(),
});
export type McpToolView = z.infer<typeof mcpToolViewSchema>;

/** `GET /mcp/servers/:id/tools` and `POST …/refresh` (`McpDiscoveryResult` + hosted `fetchedAt`). */
export const mcpDiscoveryViewSchema = z.strictObject({
  registrationId: z.string(),
  protocolVersion: z.string(),
  serverName: z.string().optional(),
  serverVersion: z.string().optional(),
  tools: z.array(mcpToolViewSchema),
  diagnostics: z.array(
    z.strictObject({ code: errorCodeSchema, nativeName: z.string().optional(), message: z.string() }),
  ),
  staleTools: z.array(z.strictObject({ nativeName: z.string(), permission: z.enum(["ask", "allow"]) })),
  fetchedAt: isoTimeSchema,
});
export type McpDiscoveryView = z.infer<typeof mcpDiscoveryViewSchema>;

const callDiagnostic = z.strictObject({
  code: errorCodeSchema,
  message: z.string(),
  contentIndex: z.number().optional(),
});

/** `McpKnownResponseDto` (docs/spec/mcp-platform.md §10). */
export const mcpKnownResponseSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("tool_result"),
    isError: z.boolean(),
    textBlocks: z.array(z.strictObject({ index: z.number().int(), text: z.string() })),
    structuredJson: z.string().optional(),
    diagnostics: z.array(callDiagnostic),
  }),
  z.strictObject({
    kind: z.literal("server_error"),
    code: z.number().int(),
    message: z.string(),
    dataJson: z.string().optional(),
  }),
  z.strictObject({
    kind: z.literal("unsupported_response"),
    responseType: z.enum(["input_required", "task", "other"]),
    message: z.string(),
  }),
]);

/** `POST /mcp/servers/:id/tools/:nativeName/test-call` → `McpCallOutcomeDto` (docs/spec/mcp-platform.md §10). */
export const mcpCallOutcomeSchema = z.discriminatedUnion("outcome", [
  z.strictObject({ outcome: z.literal("known_response"), response: mcpKnownResponseSchema }),
  z.strictObject({ outcome: z.literal("not_sent"), code: errorCodeSchema, message: z.string() }),
  z.strictObject({ outcome: z.literal("outcome_unknown"), code: errorCodeSchema, message: z.string() }),
]);

/** One tool as the model sees it (`GET /mcp/model-tools`). */
export interface ModelToolView {
  toolId: ToolId;
  alias: string;
  description: string | null;
  inputSchema: JsonObject;
}

/** `GET /mcp/model-tools[?profileId=]`: tools plus diagnostics `{toolId?, code, message}`. */
export interface ModelToolsView {
  tools: ModelToolView[];
  diagnostics: ModelToolDiagnostic[];
}
export const modelToolsViewSchema = z.strictObject({
  tools: z.array(
    z.strictObject({
      toolId: z.string(),
      alias: z.string(),
      description: z.string().nullable(),
      inputSchema: jsonObject,
    }),
  ),
  diagnostics: z.array(z.strictObject({ toolId: z.string().optional(), code: errorCodeSchema, message: z.string() })),
});
