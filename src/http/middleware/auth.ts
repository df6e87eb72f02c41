/**
 * Bearer device-token middleware. The Worker only shape-checks the token and routes by the user id
 * inside it; the user's Durable Object verifies the secret on every call (never a client-named id).
 * Errors: auth.token_missing (401), auth.token_invalid (401).
 */
import type { MiddlewareHandler } from "hono";
import { parseDeviceToken } from "../../domain/auth/credentials";
import { AppError } from "../../domain/errors";
import type { HttpEnv } from "../context";

/** The bearer credential of a request, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1]!.trim() : "";
}

export const requireDevice: MiddlewareHandler<HttpEnv> = async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (token === null)
    throw new AppError(
      "auth.token_missing",
      "Sign in first: this request needs an Authorization: Bearer <device token> header.",
    );
  const parsed = parseDeviceToken(token);
  if (!parsed) throw new AppError("auth.token_invalid", "This device token is not valid.");
  c.set("userId", parsed.userId);
  c.set("token", token);
  await next();
};
