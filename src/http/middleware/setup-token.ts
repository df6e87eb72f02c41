/**
 * The operator's credential: the SETUP_TOKEN secret in `Authorization: Bearer` (setup, recovery and
 * the /admin routes; docs/operations.md). Missing → auth.token_missing; wrong → auth.token_invalid;
 * no configured secret → auth.setup_unavailable (503).
 */
import type { Context } from "hono";
import { AppError } from "../../domain/errors";
import { sha256Hex, timingSafeEqualText } from "../../domain/ids";
import type { HttpEnv } from "../context";
import { bearerToken } from "./auth";

/** Throws unless the request carries the setup token. */
export async function requireSetupToken(c: Context<HttpEnv>): Promise<void> {
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
