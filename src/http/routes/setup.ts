/**
 * /api/v1/setup and /api/v1/setup/recover: operator-only, authorised by the SETUP_TOKEN secret in
 * `Authorization: Bearer`. Missing → auth.token_missing; wrong → auth.token_invalid; nothing is
 * created in either case. Without a configured secret → auth.setup_unavailable (503).
 */
import { Hono, type Context } from "hono";
import { recoverBodySchema, setupBodySchema } from "../../contracts/http";
import { AppError, unwrap } from "../../domain/errors";
import { newUserId, sha256Hex, timingSafeEqualText } from "../../domain/ids";
import { readJson } from "../body";
import type { HttpEnv } from "../context";
import { bearerToken } from "../middleware/auth";
import { spaceStub } from "../space-client";

export const setupRoutes = new Hono<HttpEnv>();

async function requireSetupToken(c: Context<HttpEnv>): Promise<void> {
  const expected = c.env.SETUP_TOKEN;
  if (!expected)
    throw new AppError(
      "auth.setup_unavailable",
      "This server has no SETUP_TOKEN secret configured; set one with `wrangler secret put SETUP_TOKEN`.",
    );
  const given = bearerToken(c.req.header("authorization"));
  if (given === null || given === "")
    throw new AppError(
      "auth.token_missing",
      "Setup needs the operator's setup token as Authorization: Bearer <SETUP_TOKEN>.",
    );
  // Compare digests so the comparison time does not depend on the token's length or content.
  if (!timingSafeEqualText(await sha256Hex(given), await sha256Hex(expected))) {
    throw new AppError("auth.token_invalid", "The setup token is not valid.");
  }
}

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
