/**
 * POST /api/v1/mcp/servers/:id/discover (memory → storage → network) and …/refresh (network):
 * the discovery result DTO (docs/spec/mcp-platform.md §14 `McpDiscoveryResult` + `fetchedAt`). No body.
 */
import { Hono } from "hono";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const mcpCatalogRoutes = new Hono<HttpEnv>();

mcpCatalogRoutes.post("/mcp/servers/:id/discover", requireDevice, async (c) =>
  c.json(await callSpace(c, "mcp.servers.discover", { registrationId: c.req.param("id") })),
);
mcpCatalogRoutes.post("/mcp/servers/:id/refresh", requireDevice, async (c) =>
  c.json(await callSpace(c, "mcp.servers.refresh", { registrationId: c.req.param("id") })),
);
