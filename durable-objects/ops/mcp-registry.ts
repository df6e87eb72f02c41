/**
 * MCP registry operations (docs/spec/mcp-platform.md §14 `servers.*` / `tools.setPermission` /
 * `tools.setDescriptionOverride`; docs/api.md). Inputs were validated by the route's zod
 * contract; the service serializes mutations on the space mutex and broadcasts the frames.
 */
import type { McpServerInput } from "../../src/application/mcp/registry-service";
import type { McpServerState, ToolDescriptionOverride, ToolPermission } from "../../src/domain/mcp/registration";
import { mcpRegistryWithCatalog as mcpRegistryServices } from "../../src/composition/mcp-catalog";
import { defineOps } from "./registry";

type Target = { registrationId: string; ifRevision?: number };

export const mcpRegistryOps = defineOps({
  "mcp.servers.list": (space, _input: Record<string, never>) => mcpRegistryServices(space).list(),
  "mcp.servers.create": (space, input: McpServerInput) => mcpRegistryServices(space).create(input),
  "mcp.servers.import": (space, input: { json: string }) => mcpRegistryServices(space).importJson(input.json),
  "mcp.servers.update": (space, input: Target & { server: McpServerInput }) =>
    mcpRegistryServices(space).update(input.registrationId, input.server, input.ifRevision),
  "mcp.servers.remove": (space, input: Target) =>
    mcpRegistryServices(space).remove(input.registrationId, input.ifRevision),
  "mcp.servers.setState": (space, input: Target & { state: McpServerState }) =>
    mcpRegistryServices(space).setState(input.registrationId, input.state, input.ifRevision),
  "mcp.tools.setPermission": (space, input: Target & { nativeName: string; permission: ToolPermission }) =>
    mcpRegistryServices(space).setPermission(
      input.registrationId,
      input.nativeName,
      input.permission,
      input.ifRevision,
    ),
  "mcp.tools.setDescriptionOverride": (
    space,
    input: Target & { nativeName: string; override: ToolDescriptionOverride | null },
  ) =>
    mcpRegistryServices(space).setDescriptionOverride(
      input.registrationId,
      input.nativeName,
      input.override,
      input.ifRevision,
    ),
});
