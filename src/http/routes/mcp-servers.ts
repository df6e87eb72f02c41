/**
 * /api/v1/mcp/servers… (docs/api.md "MCP servers"; docs/spec/mcp-platform.md §14): list, create or JSON import,
 * full-replacement update, delete, state, tool permission, bulk permissions and accepting a changed tool
 * (docs/spec/approvals.md §7–§8), tool description override.
 * `:nativeName` is one percent-encoded path segment (names may hold `/`, `.`, spaces, any script),
 * decoded strictly by ../tool-name-param (malformed escapes → 400 `mcp.tool_name_invalid`).
 * Every mutation body takes an optional `ifRevision`.
 */
import { Hono } from "hono";
import {
  acceptReviewBodySchema,
  createServerBodySchema,
  importServersBodySchema,
  postServersBodySchema,
  removeServerBodySchema,
  setDescriptionOverrideBodySchema,
  setPermissionBodySchema,
  setPermissionsBodySchema,
  setStateBodySchema,
  updateServerBodySchema,
} from "../../contracts/mcp";
import { invalidInput, readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { toolNameParam } from "../tool-name-param";
import { callSpace } from "../space-client";

export const mcpServerRoutes = new Hono<HttpEnv>();

mcpServerRoutes.get("/mcp/servers", requireDevice, async (c) =>
  c.body(await callSpace(c, "mcp.servers.listJson", {}), 200, { "content-type": "application/json" }),
);

mcpServerRoutes.post("/mcp/servers", requireDevice, async (c) => {
  const body = await readJson(c, postServersBodySchema);
  if ("json" in body) {
    const parsed = importServersBodySchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    return c.json(await callSpace(c, "mcp.servers.import", parsed.data), 201);
  }
  const parsed = createServerBodySchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return c.json(await callSpace(c, "mcp.servers.create", parsed.data), 201);
});

mcpServerRoutes.put("/mcp/servers/:id", requireDevice, async (c) => {
  const { ifRevision, ...server } = await readJson(c, updateServerBodySchema);
  return c.json(await callSpace(c, "mcp.servers.update", { registrationId: c.req.param("id"), server, ifRevision }));
});

mcpServerRoutes.delete("/mcp/servers/:id", requireDevice, async (c) => {
  const body = await readJson(c, removeServerBodySchema, { allowEmpty: true });
  return c.json(
    await callSpace(c, "mcp.servers.remove", { registrationId: c.req.param("id"), ifRevision: body.ifRevision }),
  );
});

mcpServerRoutes.post("/mcp/servers/:id/state", requireDevice, async (c) => {
  const body = await readJson(c, setStateBodySchema);
  return c.json(await callSpace(c, "mcp.servers.setState", { registrationId: c.req.param("id"), ...body }));
});

mcpServerRoutes.put("/mcp/servers/:id/tools/:nativeName/permission", requireDevice, async (c) => {
  const nativeName = toolNameParam(c);
  const body = await readJson(c, setPermissionBodySchema);
  return c.json(
    await callSpace(c, "mcp.tools.setPermission", { registrationId: c.req.param("id"), nativeName, ...body }),
  );
});

mcpServerRoutes.put("/mcp/servers/:id/permissions", requireDevice, async (c) => {
  const body = await readJson(c, setPermissionsBodySchema);
  return c.json(await callSpace(c, "mcp.tools.setPermissions", { registrationId: c.req.param("id"), ...body }));
});

mcpServerRoutes.post("/mcp/servers/:id/tools/:nativeName/review", requireDevice, async (c) => {
  const nativeName = toolNameParam(c);
  const { ifRevision } = await readJson(c, acceptReviewBodySchema);
  return c.json(
    await callSpace(c, "mcp.tools.acceptReview", { registrationId: c.req.param("id"), nativeName, ifRevision }),
  );
});

mcpServerRoutes.put("/mcp/servers/:id/tools/:nativeName/description-override", requireDevice, async (c) => {
  const nativeName = toolNameParam(c);
  const body = await readJson(c, setDescriptionOverrideBodySchema);
  return c.json(
    await callSpace(c, "mcp.tools.setDescriptionOverride", { registrationId: c.req.param("id"), nativeName, ...body }),
  );
});
