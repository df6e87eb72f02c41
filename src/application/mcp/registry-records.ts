/**
 * Registration records ↔ what the registry service returns: input preparation, server views,
 * summaries, and the registry's error constructors (docs/spec/mcp-platform.md §3, §14). Used by
 * McpRegistryService (./registry-service).
 */
import { AppError, type ErrorCode } from "../../domain/errors";
import { parseEndpoint } from "../../domain/mcp/endpoint";
import { checkCustomHeaders } from "../../domain/mcp/headers";
import type { RegistrationWarning } from "../../domain/mcp/reachability";
import { normalizeDisplayName, parseProtocolVersion, type McpServerRegistration } from "../../domain/mcp/registration";
import type { RegistrationStorageIssue, StoredRegistration } from "../../ports/mcp-registration-repository";
import type { McpRegistrationSummary, McpServerCatalogInfo, McpServerView } from "./registry-views";

/** Input of create / update (docs/spec/mcp-platform.md §14). `headers` defaults to `{}`, `protocolVersion` to `auto`. */
export interface McpServerInput {
  displayName: string;
  endpoint: string;
  headers?: Record<string, string>;
  protocolVersion?: string;
}

/** A registration with its secrets opened (inside the object only) plus its revision. */
export type OpenedRegistration = McpServerRegistration & { revision: number };

/** Prepared create/update input: normalized fields plus the endpoint's host and userinfo-free form. */
export type Prepared = Pick<McpServerRegistration, "displayName" | "endpoint" | "headers" | "protocolVersion"> & {
  host: string;
  bareEndpoint: string;
};

/** Warning code of a create / import entry whose endpoint is already registered (docs/api.md). */
export const DUPLICATE_ENDPOINT_WARNING: ErrorCode = "mcp.import_duplicate_endpoint";

/**
 * A registration as the API shows it (secrets opened for the owner's devices, contract invariant
 * 13). A row whose secrets cannot be opened still shows, `headersUnavailable: true`, with a storage
 * issue (`secrets.key_mismatch` / `secrets.key_unavailable`).
 */
export async function serverView(
  record: StoredRegistration,
  open: (record: StoredRegistration) => Promise<{ endpoint: string; headers: Readonly<Record<string, string>> }>,
  catalog: McpServerCatalogInfo | null,
): Promise<{ view: McpServerView; issue: RegistrationStorageIssue | null }> {
  let endpoint = record.endpoint;
  let headers: Record<string, string> = {};
  let issue: RegistrationStorageIssue | null = null;
  try {
    const opened = await open(record);
    endpoint = opened.endpoint;
    headers = { ...opened.headers };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    issue = {
      registrationId: record.id,
      fileName: record.id,
      code: error.code,
      message: `The headers and endpoint credentials of "${record.displayName}" cannot be read: ${error.message}`,
    };
  }
  const overrides = Object.fromEntries(
    Object.entries(record.toolDescriptionOverrides).map(([name, o]) => [
      name,
      { ...o, properties: o.properties ?? {} },
    ]),
  );
  const view: McpServerView = {
    id: record.id,
    displayName: record.displayName,
    endpoint,
    headers,
    protocolVersion: record.protocolVersion,
    state: record.state,
    toolPermissions: { ...record.toolPermissions },
    toolDescriptionOverrides: overrides,
    revision: record.revision,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    ...(issue ? { headersUnavailable: true as const } : {}),
    ...(catalog?.negotiatedProtocolVersion ? { negotiatedProtocolVersion: catalog.negotiatedProtocolVersion } : {}),
    ...(catalog?.fetchedAt ? { fetchedAt: catalog.fetchedAt } : {}),
  };
  return { view, issue };
}

/** A registration record with no secrets opened (endpoint without userinfo, headers empty). */
export function registrationOf(record: StoredRegistration): OpenedRegistration {
  return {
    id: record.id,
    displayName: record.displayName,
    endpoint: record.endpoint,
    headers: {},
    protocolVersion: record.protocolVersion,
    state: record.state,
    toolPermissions: { ...record.toolPermissions },
    toolDescriptionOverrides: { ...record.toolDescriptionOverrides },
    revision: record.revision,
  };
}

/** Validates and normalizes create/update input (every docs/spec/mcp-platform.md §3 code, header checks). */
export function prepare(input: McpServerInput): Prepared {
  const endpoint = parseEndpoint(input.endpoint);
  return {
    displayName: normalizeDisplayName(input.displayName),
    endpoint: endpoint.normalized,
    headers: checkCustomHeaders(Object.fromEntries(Object.entries(input.headers ?? {}))),
    protocolVersion: parseProtocolVersion(input.protocolVersion),
    host: endpoint.host,
    bareEndpoint: endpoint.withoutUserinfo,
  };
}

/**
 * Hosted warning `mcp.import_duplicate_endpoint` (ADR 0395): the new registration uses the same
 * endpoint (normalized, userinfo ignored) as an existing one. Creation still goes ahead (two
 * registrations of one server are allowed); at most one warning, naming the oldest match.
 */
export function duplicateEndpointWarning(
  prepared: Prepared,
  existing: ReadonlyArray<Pick<StoredRegistration, "endpoint" | "displayName">>,
): RegistrationWarning[] {
  const match = existing.find((record) => record.endpoint === prepared.bareEndpoint);
  if (!match) return [];
  return [
    {
      code: DUPLICATE_ENDPOINT_WARNING,
      message: `"${prepared.displayName}" uses the same endpoint as "${match.displayName}".`,
    },
  ];
}

export function summaryOf(record: StoredRegistration): McpRegistrationSummary {
  return {
    id: record.id,
    displayName: record.displayName,
    protocolVersion: record.protocolVersion,
    state: record.state,
    toolPermissions: { ...record.toolPermissions },
    toolDescriptionOverrides: { ...record.toolDescriptionOverrides },
    revision: record.revision,
    updatedAt: record.updatedAt,
  };
}

export function notFound(id: string): AppError {
  return new AppError("mcp.registration_not_found", `MCP registration not found: ${id}`, { registrationId: id });
}

export function conflict(current: unknown): AppError {
  return new AppError(
    "mcp.registration_conflict",
    "This MCP server was changed on another device; review the current version and try again.",
    { current },
  );
}

export function storageIssue(issue: RegistrationStorageIssue): AppError {
  return new AppError(
    "mcp.registration_storage_issue",
    `This MCP registration cannot be read (${issue.code}): ${issue.message}`,
    { registrationId: issue.registrationId ?? issue.fileName, storageCode: issue.code },
  );
}
