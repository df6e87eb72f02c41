/**
 * The shared cached-only model-tool resolver (docs/spec/mcp-platform.md §4, §5, §8, §13, docs/spec/tool-system.md §3;
 * docs/spec/tool-system.md §5). Used by agent invocations (snapshot compile), chat generation and
 * `GET /api/v1/mcp/model-tools`.
 *
 * Strictly cached: catalogs come from CatalogCache (memory → SQLite), never the network. A
 * registration that is not `active` or has no Ask/Allow permission is skipped WITHOUT reading its
 * catalog. Every problem is a diagnostic `{toolId?, code, message}` for that server or tool while
 * healthy servers and tools continue:
 * `mcp.registration_storage_issue`, `mcp.registration_not_found`, `mcp.tool_provider_invalid`,
 * `mcp.server_paused`, `mcp.tool_permission_off`, `mcp.catalog_not_cached`,
 * `mcp.catalog_snapshot_invalid`, `mcp.tool_not_in_cached_catalog`,
 * `mcp.model_input_schema_unsupported`, `mcp.tool_description_override_invalid`, plus the catalog's
 * own discovery diagnostics (listing mode). Tools carry the registration description override
 * applied on a copy of the raw descriptor (a failing override drops the tool).
 */
import { AppError } from "../../domain/errors";
import type { McpDiscoveredCatalog, McpDiscoveredTool } from "../../domain/mcp/discovered-catalog";
import { applyDescriptionOverride, hasObjectInputSchema, type ToolDescriptor } from "../../domain/tools/descriptor";
import { compareLegacyBindingOrder } from "../../domain/tools/model-aliases";
import { MCP_WILDCARD, type ModelToolDiagnostic, type ResolvedMcpTool } from "../../domain/tools/snapshot-compiler";
import { isBuiltinToolId, mcpToolId, parseMcpToolId, type ToolId } from "../../domain/tools/tool-id";
import type { CachedCatalogRead, CatalogCache } from "../../ports/catalog-cache";
import type { ToolRegistrationSource, ToolRegistrationSummary } from "../../ports/tool-registrations";

/** Resolved MCP tools plus diagnostics. */
export interface ModelToolResolution {
  tools: ResolvedMcpTool[];
  diagnostics: ModelToolDiagnostic[];
}

/**
 * The projection of one registration's cached catalog: its permitted tools as model descriptors
 * and its diagnostics, computed once per (registration summary object, catalog object).
 */
interface Projection {
  catalog: McpDiscoveredCatalog;
  tools: ResolvedMcpTool[];
  diagnostics: ModelToolDiagnostic[];
}

/**
 * Cached-only resolver over the registration and catalog ports. One resolution reads each catalog at most once.
 *
 * Memoized (docs/decisions/3100): the registry hands back the same frozen summary object while a
 * registration's stored row is unchanged, and the catalog cache the same catalog object until it is
 * published again, so a registration's projected descriptors are computed once per change of either,
 * and `listPermitted()` answers the very same frozen resolution while no part changed. Every call
 * still reads the registrations (SQLite) and asks the catalog cache, so a change is seen at once.
 * Resolutions are shared: callers must not mutate them.
 */
export class ModelToolResolver {
  private readonly projections = new WeakMap<ToolRegistrationSummary, Projection>();
  private lastListing: { parts: unknown[]; resolution: ModelToolResolution } | null = null;

  constructor(
    private readonly registrations: ToolRegistrationSource,
    private readonly catalogs: CatalogCache,
  ) {}

  /**
   * Every Ask/Allow tool of every active registration (chat generation, `mcp:*`), ordered by server
   * display name case-insensitively, then ToolId (docs/spec/tool-system.md §4.1 binding order).
   */
  async listPermitted(): Promise<ModelToolResolution> {
    const { registrations, issues } = this.registrations.summaries();
    const parts: unknown[] = [...issues];
    const pieces: Array<Projection | ModelToolDiagnostic> = [];
    for (const registration of registrations) {
      if (registration.state !== "active" || Object.keys(registration.toolPermissions).length === 0) continue;
      const read = await this.catalogs.readCached(registration.id);
      if (read.status !== "cached") {
        const problem = catalogProblem(registration, read);
        parts.push(`${registration.id}|${problem.code}|${problem.message}`);
        pieces.push(problem);
        continue;
      }
      const projection = this.project(registration, read.catalog);
      parts.push(projection);
      pieces.push(projection);
    }
    const last = this.lastListing;
    if (last && last.parts.length === parts.length && last.parts.every((part, i) => part === parts[i]))
      return last.resolution;
    const out: ModelToolResolution = {
      tools: [],
      diagnostics: issues.map((issue) => storageIssue(issue.registrationId, issue.fileName, issue.message)),
    };
    for (const piece of pieces) {
      if ("catalog" in piece) {
        out.diagnostics.push(...piece.diagnostics);
        out.tools.push(...piece.tools);
      } else out.diagnostics.push(piece);
    }
    out.tools.sort((a, b) =>
      compareLegacyBindingOrder(
        { serverDisplayName: a.serverDisplayName, toolId: a.descriptor.id },
        { serverDisplayName: b.serverDisplayName, toolId: b.descriptor.id },
      ),
    );
    const resolution = Object.freeze({ tools: Object.freeze(out.tools), diagnostics: Object.freeze(out.diagnostics) });
    this.lastListing = { parts, resolution: resolution as ModelToolResolution };
    return resolution as ModelToolResolution;
  }

  /** The registration's permitted tools and diagnostics from `catalog`, once per (summary, catalog). */
  private project(registration: ToolRegistrationSummary, catalog: McpDiscoveredCatalog): Projection {
    const hit = this.projections.get(registration);
    if (hit && hit.catalog === catalog) return hit;
    const out: ModelToolResolution = { tools: [], diagnostics: [] };
    for (const diagnostic of catalog.diagnostics) {
      out.diagnostics.push({
        ...optionalToolId(registration.id, diagnostic.nativeName),
        code: diagnostic.code,
        message: diagnostic.message,
      });
    }
    const present = new Set(catalog.tools.map((tool) => tool.nativeName));
    for (const nativeName of Object.keys(registration.toolPermissions)) {
      if (!present.has(nativeName)) out.diagnostics.push(notInCatalog(registration, nativeName));
    }
    for (const tool of catalog.tools) {
      if (!Object.hasOwn(registration.toolPermissions, tool.nativeName)) continue;
      materialize(registration, tool, out);
    }
    for (const tool of out.tools) Object.freeze(tool);
    const projection: Projection = { catalog, tools: out.tools, diagnostics: out.diagnostics };
    this.projections.set(registration, projection);
    return projection;
  }

  /** The selected MCP ToolIds, in selection order (agent profiles listing explicit ToolIds). */
  async resolveSelected(selected: ReadonlyArray<ToolId>): Promise<ModelToolResolution> {
    const out: ModelToolResolution = { tools: [], diagnostics: [] };
    if (selected.length === 0) return out;
    const { registrations, issues } = this.registrations.summaries();
    const byId = new Map(registrations.map((registration) => [registration.id, registration]));
    const issueById = new Map(
      issues.flatMap((issue) => (issue.registrationId ? [[issue.registrationId, issue] as const] : [])),
    );
    // First the checks that need no catalog, in order; then every catalog needed, read at once.
    type Entry =
      | { diagnostic: ModelToolDiagnostic }
      | { toolId: ToolId; registration: ToolRegistrationSummary; nativeName: string };
    const entries: Entry[] = [];
    for (const toolId of selected) {
      let registrationId: string;
      let nativeName: string;
      try {
        ({ registrationId, nativeName } = parseMcpToolId(toolId));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        entries.push({
          diagnostic: {
            toolId,
            code: "mcp.tool_provider_invalid",
            message: `"${toolId}" is not an MCP tool id: ${error.message}`,
          },
        });
        continue;
      }
      const registration = byId.get(registrationId);
      if (!registration) {
        const issue = issueById.get(registrationId);
        entries.push({
          diagnostic: issue
            ? {
                toolId,
                code: "mcp.registration_storage_issue",
                message: `MCP registration ${registrationId} could not be loaded: ${issue.message}`,
              }
            : {
                toolId,
                code: "mcp.registration_not_found",
                message: `MCP registration ${registrationId} no longer exists.`,
              },
        });
        continue;
      }
      if (registration.state !== "active") {
        entries.push({
          diagnostic: {
            toolId,
            code: "mcp.server_paused",
            message: `MCP server "${registration.displayName}" is paused.`,
          },
        });
        continue;
      }
      if (!Object.hasOwn(registration.toolPermissions, nativeName)) {
        entries.push({
          diagnostic: {
            toolId,
            code: "mcp.tool_permission_off",
            message: `Tool "${nativeName}" is Off in the MCP Manager.`,
          },
        });
        continue;
      }
      entries.push({ toolId, registration, nativeName });
    }
    const reads = await this.readCatalogs([
      ...new Set(entries.flatMap((entry) => ("registration" in entry ? [entry.registration.id] : []))),
    ]);
    for (const entry of entries) {
      if ("diagnostic" in entry) {
        out.diagnostics.push(entry.diagnostic);
        continue;
      }
      const { toolId, registration, nativeName } = entry;
      const read = reads.get(registration.id)!;
      if (read.status !== "cached") {
        out.diagnostics.push({ ...catalogProblem(registration, read), toolId });
        continue;
      }
      const tool = toolIndex(read.catalog).get(nativeName);
      if (!tool) {
        out.diagnostics.push(notInCatalog(registration, nativeName));
        continue;
      }
      materialize(registration, tool, out);
    }
    return out;
  }

  /** The cached catalogs of `ids`: at once when the cache can (one read of the registrations). */
  private async readCatalogs(ids: readonly string[]): Promise<Map<string, CachedCatalogRead>> {
    if (ids.length === 0) return new Map();
    if (this.catalogs.readCachedMany) return this.catalogs.readCachedMany(ids);
    const out = new Map<string, CachedCatalogRead>();
    for (const id of ids) out.set(id, await this.catalogs.readCached(id));
    return out;
  }

  /**
   * The MCP tools a profile's `tools.allow` can bind: explicit MCP ToolIds, and with `mcp:*` every
   * permitted tool (listPermitted order first, then explicit ones it did not cover). Builtin
   * entries and denied entries are ignored here (the snapshot compiler handles them).
   */
  async resolveForPolicy(allow: ReadonlyArray<string>, deny: ReadonlyArray<string> = []): Promise<ModelToolResolution> {
    const denied = new Set(deny);
    const explicit = allow.filter((entry) => entry !== MCP_WILDCARD && !isBuiltinToolId(entry) && !denied.has(entry));
    if (!allow.includes(MCP_WILDCARD) || denied.has(MCP_WILDCARD)) return this.resolveSelected(unique(explicit));
    const all = await this.listPermitted();
    const covered = new Set(all.tools.map((tool) => tool.descriptor.id));
    const diagnosed = new Set(all.diagnostics.map((diagnostic) => diagnostic.toolId));
    const rest = unique(explicit).filter((toolId) => !covered.has(toolId) && !diagnosed.has(toolId));
    if (rest.length === 0) return all;
    const extra = await this.resolveSelected(rest);
    return { tools: [...all.tools, ...extra.tools], diagnostics: [...all.diagnostics, ...extra.diagnostics] };
  }
}

/** Converts a catalog tool into a ToolDescriptor (`null` fields omitted). Throws the ToolId codes. */
export function descriptorFromCatalogTool(registrationId: string, tool: McpDiscoveredTool): ToolDescriptor {
  return {
    id: mcpToolId(registrationId, tool.nativeName),
    ...(tool.title !== null ? { title: tool.title } : {}),
    ...(tool.description !== null ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema !== null ? { outputSchema: tool.outputSchema } : {}),
    annotations: tool.annotations,
  };
}

function materialize(registration: ToolRegistrationSummary, tool: McpDiscoveredTool, out: ModelToolResolution): void {
  let raw: ToolDescriptor;
  try {
    raw = descriptorFromCatalogTool(registration.id, tool);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    out.diagnostics.push({
      code: "mcp.catalog_snapshot_invalid",
      message: `MCP server "${registration.displayName}" has an unusable cached tool: ${error.message}`,
    });
    return;
  }
  if (!hasObjectInputSchema(raw)) {
    out.diagnostics.push({
      toolId: raw.id,
      code: "mcp.model_input_schema_unsupported",
      message: `Tool "${tool.nativeName}" cannot be offered to a model: its input schema root is not "type": "object".`,
    });
    return;
  }
  let descriptor: ToolDescriptor;
  try {
    descriptor = applyDescriptionOverride(raw, registration.toolDescriptionOverrides[tool.nativeName]);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    out.diagnostics.push({
      toolId: raw.id,
      code: "mcp.tool_description_override_invalid",
      message: `The saved description override of "${tool.nativeName}" no longer fits its schema (${error.code}): ${error.message}`,
    });
    return;
  }
  const permission = registration.toolPermissions[tool.nativeName]!;
  out.tools.push({
    registrationId: registration.id,
    serverDisplayName: registration.displayName,
    permission,
    descriptor,
  });
}

function catalogProblem(
  registration: ToolRegistrationSummary,
  read: Exclude<CachedCatalogRead, { status: "cached" }>,
): ModelToolDiagnostic {
  if (read.status === "missing") {
    return {
      code: "mcp.catalog_not_cached",
      message: `MCP server "${registration.displayName}" has no cached tool catalog; discover or refresh it in the MCP Manager.`,
    };
  }
  return {
    code: "mcp.catalog_snapshot_invalid",
    message: `MCP server "${registration.displayName}" has an invalid cached tool catalog: ${read.message}`,
  };
}

function notInCatalog(registration: ToolRegistrationSummary, nativeName: string): ModelToolDiagnostic {
  return {
    ...optionalToolId(registration.id, nativeName),
    code: "mcp.tool_not_in_cached_catalog",
    message: `Tool "${nativeName}" is not in the cached catalog of "${registration.displayName}"; refresh it in the MCP Manager.`,
  };
}

function storageIssue(registrationId: string | undefined, fileName: string, message: string): ModelToolDiagnostic {
  return {
    code: "mcp.registration_storage_issue",
    message: `MCP registration ${registrationId ?? fileName} could not be loaded: ${message}`,
  };
}

function optionalToolId(registrationId: string, nativeName: string | null): { toolId?: ToolId } {
  if (nativeName === null) return {};
  try {
    return { toolId: mcpToolId(registrationId, nativeName) };
  } catch {
    return {};
  }
}

const indexes = new WeakMap<McpDiscoveredCatalog, Map<string, McpDiscoveredTool>>();

/** A catalog's tools by native name (the first of a name wins, as `find` would), once per catalog object. */
function toolIndex(catalog: McpDiscoveredCatalog): Map<string, McpDiscoveredTool> {
  let index = indexes.get(catalog);
  if (!index) {
    index = new Map();
    for (const tool of catalog.tools) if (!index.has(tool.nativeName)) index.set(tool.nativeName, tool);
    indexes.set(catalog, index);
  }
  return index;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
