/**
 * /api/v1/setup and /api/v1/setup/recover: operator-only, authorised by the SETUP_TOKEN secret in
 * `Authorization: Bearer`. Missing → auth.token_missing; wrong → auth.token_invalid; nothing is
 * created in either case. Without a configured secret → auth.setup_unavailable (503).
 */
import { Hono } from "hono";
import { recoverBodySchema, setupBodySchema } from "../../contracts/http";
import { unwrap } from "../../domain/errors";
import { newUserId } from "../../domain/ids";
import { readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireSetupToken } from "../middleware/setup-token";
import { spaceStub } from "../space-client";

export const setupRoutes = new Hono<HttpEnv>();

setupRoutes.post("/setup", async (c) => {
  await requireSetupToken(c);
  const body = await readJson(c, setupBodySchema, { allowEmpty: true });
  const userId = newUserId();
  const issued = unwrap(await spaceStub(c.env, userId).setup(userId, body.deviceName ?? "First device"));
  return c.json(issued, 201);
});

setupRoutes.post("/setup/recover", async (c) => {
  await requireSetupToken(c);
  const body = await readJson(c, recoverBodySchema);
  const issued = unwrap(await spaceStub(c.env, body.userId).recover(body.deviceName));
  return c.json(issued, 201);
});
