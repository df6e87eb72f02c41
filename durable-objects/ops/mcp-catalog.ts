/** MCP catalog operations (docs/spec/mcp-platform.md §14 `servers.discover` / `servers.refresh`, docs/spec/mcp-platform.md §8). */
import { mcpCatalogServices } from "../../src/composition/mcp-catalog";
import { defineOps } from "./registry";

export const mcpCatalogOps = defineOps({
  "mcp.servers.discover": (space, input) => mcpCatalogServices(space).discover(input.registrationId),
  "mcp.servers.refresh": (space, input) => mcpCatalogServices(space).refresh(input.registrationId),
});
