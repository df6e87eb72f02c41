/**
 * POST /api/v1/mcp/servers/:id/tools/:nativeName/test-call `{argumentsJson, callId?}` → `200`
 * with the call outcome DTO for every outcome (gate NotSent included); 4xx only for a malformed
 * body (or `409 mcp.call_id_in_use`). POST /api/v1/mcp/test-calls/:callId/cancel → `202
 * {callId, state: "cancelled" | "not_running"}`. `:nativeName` is one percent-encoded segment;
 * the registration id and name are checked by the call gates (NotSent codes), not here — except
 * malformed percent-encoding of the segment: 400 `mcp.tool_name_invalid` (../tool-name-param).
 */
import { Hono } from "hono";
import { callIdSchema, testCallBodySchema } from "../../contracts/mcp-test-call";
import { invalidInput, readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { toolNameParam } from "../tool-name-param";
import { callSpace } from "../space-client";

export const mcpTestCallRoutes = new Hono<HttpEnv>();

/** Body cap of a test call: a 256 KiB argument text can grow when escaped inside JSON. */
const TEST_CALL_BODY_LIMIT = 2 * 1024 * 1024;

mcpTestCallRoutes.post("/mcp/servers/:id/tools/:nativeName/test-call", requireDevice, async (c) => {
  const nativeName = toolNameParam(c);
  const body = await readJson(c, testCallBodySchema, { maxBytes: TEST_CALL_BODY_LIMIT });
  const input = {
    registrationId: c.req.param("id"),
    nativeName,
    argumentsJson: body.argumentsJson,
    ...(body.callId ? { callId: body.callId } : {}),
  };
  return c.json(await callSpace(c, "mcp.tools.testCall", input));
});

mcpTestCallRoutes.post("/mcp/test-calls/:callId/cancel", requireDevice, async (c) => {
  const parsed = callIdSchema.safeParse(c.req.param("callId"));
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return c.json(await callSpace(c, "mcp.testCalls.cancel", { callId: parsed.data }), 202);
});
