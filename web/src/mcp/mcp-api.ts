/**
 * The MCP Manager's calls over the shared API client (docs/api.md "MCP servers", "MCP discovery
 * and catalog snapshots", "MCP test calls", "Model tools"). Failures throw `ApiError`
 * (e.g. 409 `mcp.registration_conflict` with `details.current`, 400 `mcp.server_paused`).
 * `nativeName` is sent as one percent-encoded path segment.
 */
import type { ApiClient } from "../api/client";
import type {
  CallOutcome,
  DiscoveryResult,
  ImportResult,
  McpServer,
  ModelToolsView,
  ServerList,
  ToolDescriptionOverride,
  ToolPermission,
  UpdateServerBody,
} from "./types";

/** The fields of the Manual form (create and full-replacement update). */
export type ServerInput = Required<Omit<UpdateServerBody, "ifRevision">>;

const server = (id: string) => `/mcp/servers/${encodeURIComponent(id)}`;
const tool = (id: string, nativeName: string) => `${server(id)}/tools/${encodeURIComponent(nativeName)}`;
const revision = (ifRevision?: number) => (ifRevision === undefined ? {} : { ifRevision });

export function mcpApi(api: ApiClient) {
  return {
    list: () => api.get<ServerList>("/mcp/servers"),
    create: (input: ServerInput) => api.post<McpServer>("/mcp/servers", input),
    importJson: (json: string) => api.post<ImportResult>("/mcp/servers", { json }),
    update: (id: string, input: ServerInput, ifRevision?: number) =>
      api.put<McpServer>(server(id), { ...input, ...revision(ifRevision) }),
    remove: (id: string, ifRevision?: number) =>
      api.del<{ registrationId: string; revision: number }>(server(id), { body: revision(ifRevision) }),
    setState: (id: string, state: "active" | "paused", ifRevision?: number) =>
      api.post<McpServer>(`${server(id)}/state`, { state, ...revision(ifRevision) }),
    setPermission: (id: string, nativeName: string, permission: ToolPermission) =>
      api.put<McpServer>(`${tool(id, nativeName)}/permission`, { permission }),
    setPermissions: (id: string, permissions: Record<string, ToolPermission>, ifRevision?: number) =>
      api.put<McpServer>(`${server(id)}/permissions`, { permissions, ...revision(ifRevision) }),
    acceptReview: (id: string, nativeName: string, ifRevision?: number) =>
      api.post<McpServer>(`${tool(id, nativeName)}/review`, { accept: true, ...revision(ifRevision) }),
    setOverride: (id: string, nativeName: string, override: ToolDescriptionOverride | null, ifRevision?: number) =>
      api.put<McpServer>(`${tool(id, nativeName)}/description-override`, { override, ...revision(ifRevision) }),
    discover: (id: string) => api.post<DiscoveryResult>(`${server(id)}/discover`),
    refresh: (id: string) => api.post<DiscoveryResult>(`${server(id)}/refresh`),
    testCall: (id: string, nativeName: string, argumentsJson: string, callId: string, signal?: AbortSignal) =>
      api.post<CallOutcome>(`${tool(id, nativeName)}/test-call`, { argumentsJson, callId }, { signal }),
    cancelTestCall: (callId: string) =>
      api.post<{ callId: string; state: "cancelled" | "not_running" }>(
        `/mcp/test-calls/${encodeURIComponent(callId)}/cancel`,
      ),
    modelTools: (profileId?: string) =>
      api.get<ModelToolsView>(`/mcp/model-tools${profileId ? `?profileId=${encodeURIComponent(profileId)}` : ""}`),
  };
}

export type McpApi = ReturnType<typeof mcpApi>;
