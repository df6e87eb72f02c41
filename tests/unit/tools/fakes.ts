/** Fakes for the tool-system application tests: registrations, catalogs (with a read log), a gateway. */
import type { McpCallOutcome } from "../../../src/domain/mcp/call-outcome";
import type { McpDiscoveredTool } from "../../../src/domain/mcp/discovered-catalog";
import type { CachedCatalogRead, CatalogCache } from "../../../src/ports/catalog-cache";
import type { McpCallRequest, McpConnectionTarget } from "../../../src/ports/mcp-gateway";
import type {
  ConnectableRegistration,
  ToolRegistrationIssue,
  ToolRegistrationLookup,
  ToolRegistrationSummary,
} from "../../../src/ports/tool-registrations";

export const REG_A = "11111111-1111-4111-8111-111111111111";
export const REG_B = "22222222-2222-4222-8222-222222222222";
export const REG_C = "33333333-3333-4333-8333-333333333333";

export function registration(
  id: string,
  displayName: string,
  extra: Partial<ToolRegistrationSummary> = {},
): ConnectableRegistration {
  return {
    id,
    displayName,
    state: "active",
    toolPermissions: {},
    toolDescriptionOverrides: {},
    endpoint: `https://${displayName.replace(/\W/g, "")}.test/mcp`,
    headers: { "x-key": "secret" },
    protocolVersion: "auto",
    ...extra,
  };
}

export function tool(nativeName: string, extra: Partial<McpDiscoveredTool> = {}): McpDiscoveredTool {
  return {
    nativeName,
    title: null,
    description: `raw ${nativeName}`,
    inputSchema: { type: "object", properties: { q: { type: "string", description: "raw q" } } },
    outputSchema: null,
    annotations: {},
    ...extra,
  };
}

export class FakeRegistrations {
  issues: ToolRegistrationIssue[] = [];
  unavailable = new Set<string>();
  constructor(public registrations: ConnectableRegistration[]) {}
  summaries() {
    return { registrations: this.registrations.map((r) => ({ ...r })), issues: this.issues };
  }
  async lookupForConnection(id: string): Promise<ToolRegistrationLookup<ConnectableRegistration>> {
    if (this.unavailable.has(id))
      return { status: "unavailable", issue: { registrationId: id, fileName: id, message: "the row is corrupt" } };
    const found = this.registrations.find((r) => r.id === id);
    return found ? { status: "found", registration: { ...found } } : { status: "missing" };
  }
}

export class FakeCatalogs implements CatalogCache {
  reads: string[] = [];
  constructor(private readonly catalogs: Record<string, CachedCatalogRead | McpDiscoveredTool[]>) {}
  async readCached(registrationId: string): Promise<CachedCatalogRead> {
    this.reads.push(registrationId);
    const entry = this.catalogs[registrationId];
    if (!entry) return { status: "missing" };
    if (Array.isArray(entry))
      return {
        status: "cached",
        catalog: {
          protocolVersion: "2025-11-25",
          serverName: null,
          serverVersion: null,
          tools: entry,
          diagnostics: [],
        },
        era: { kind: "legacy" },
      };
    return entry;
  }
}

export class FakeGateway {
  calls: Array<{ target: McpConnectionTarget; request: McpCallRequest }> = [];
  async call(target: McpConnectionTarget, request: McpCallRequest): Promise<McpCallOutcome> {
    this.calls.push({ target, request });
    return {
      outcome: "known_response",
      response: { kind: "tool_result", result: { isError: false, text: [{ index: 0, text: "ok" }], diagnostics: [] } },
    };
  }
}
