/**
 * `GET /api/v1/mcp/model-tools[?profileId=]` (docs/api.md): the cached-only resolver's view
 * `{tools: [{toolId, alias, description, inputSchema}], diagnostics: [{toolId?, code, message}]}`.
 * Without profileId: chat-generation aliases (docs/spec/tool-system.md §4.1); with it: that profile's agent
 * snapshot (docs/spec/tool-system.md §4.2). Unknown profile → 404 `agent.profile_not_found`; a blank or over-long
 * profileId → 400 `input.invalid`.
 */
import { Hono } from "hono";
import { z } from "zod";
import { invalidInput } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

const querySchema = z.object({ profileId: z.string().trim().min(1).max(128).optional() });

export const modelToolRoutes = new Hono<HttpEnv>();

modelToolRoutes.get("/mcp/model-tools", requireDevice, async (c) => {
  const parsed = querySchema.safeParse({ profileId: c.req.query("profileId") });
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const json = await callSpace(
    c,
    "mcp.modelTools",
    parsed.data.profileId === undefined ? {} : { profileId: parsed.data.profileId },
  );
  return c.body(json, 200, { "content-type": "application/json" });
});
