import {
  mcpRegistryWithCatalog as mcpRegistryServices,
  toolPermissions,
  toolReviews,
} from "../../src/composition/mcp-catalog";
import { defineOps } from "./registry";

export const mcpRegistryOps = defineOps({
  "mcp.servers.list": (space, _input) => mcpRegistryServices(space).list(),
  "mcp.servers.listJson": (space, _input) => mcpRegistryServices(space).listJson(),
  "mcp.servers.create": (space, input) => mcpRegistryServices(space).create(input),
  "mcp.servers.import": (space, input) => mcpRegistryServices(space).importJson(input.json),
  "mcp.servers.update": (space, input) =>
    mcpRegistryServices(space).update(input.registrationId, input.server, input.ifRevision),
  "mcp.servers.remove": async (space, input) => {
    const removed = await mcpRegistryServices(space).remove(input.registrationId, input.ifRevision);
    toolReviews(space).forgetRegistration(removed.registrationId);
    return removed;
  },
  "mcp.servers.setState": (space, input) =>
    mcpRegistryServices(space).setState(input.registrationId, input.state, input.ifRevision),
  "mcp.tools.setPermission": (space, input) =>
    toolPermissions(space).setOne(input.registrationId, input.nativeName, input.permission, input.ifRevision),
  "mcp.tools.setPermissions": (space, input) =>
    toolPermissions(space).setMany(input.registrationId, input.permissions, input.ifRevision),
  "mcp.tools.acceptReview": (space, input) =>
    toolPermissions(space).acceptReview(input.registrationId, input.nativeName, input.ifRevision),
  "mcp.tools.setDescriptionOverride": (space, input) =>
    mcpRegistryServices(space).setDescriptionOverride(
      input.registrationId,
      input.nativeName,
      input.override,
      input.ifRevision,
    ),
});
