import { mcpRegistryWithCatalog as mcpRegistryServices } from "../../src/composition/mcp-catalog";
import { defineOps } from "./registry";

export const mcpRegistryOps = defineOps({
  "mcp.servers.list": (space, _input) => mcpRegistryServices(space).list(),
  "mcp.servers.create": (space, input) => mcpRegistryServices(space).create(input),
  "mcp.servers.import": (space, input) => mcpRegistryServices(space).importJson(input.json),
  "mcp.servers.update": (space, input) =>
    mcpRegistryServices(space).update(input.registrationId, input.server, input.ifRevision),
  "mcp.servers.remove": (space, input) => mcpRegistryServices(space).remove(input.registrationId, input.ifRevision),
  "mcp.servers.setState": (space, input) =>
    mcpRegistryServices(space).setState(input.registrationId, input.state, input.ifRevision),
  "mcp.tools.setPermission": (space, input) =>
    mcpRegistryServices(space).setPermission(
      input.registrationId,
      input.nativeName,
      input.permission,
      input.ifRevision,
    ),
  "mcp.tools.setDescriptionOverride": (space, input) =>
    mcpRegistryServices(space).setDescriptionOverride(
      input.registrationId,
      input.nativeName,
      input.override,
      input.ifRevision,
    ),
});
