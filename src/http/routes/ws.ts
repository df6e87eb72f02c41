/** GET /api/v1/ws?ticket=<userId>.<secret>: routes the upgrade to the ticket's user space. */
import { Hono } from "hono";
import { parseRoutedSecret } from "../../domain/auth/credentials";
import { AppError } from "../../domain/errors";
import type { HttpEnv } from "../context";
import { CLIENT_KEY_HEADER } from "../../domain/auth/client-key";
import { requestClientKey, spaceStub } from "../space-client";

export const wsRoutes = new Hono<HttpEnv>();

wsRoutes.get("/ws", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new AppError("http.upgrade_required", "Open this endpoint as a WebSocket.");
  }
  const parsed = parseRoutedSecret(c.req.query("ticket") ?? "");
  if (!parsed)
    throw new AppError("auth.ticket_invalid", "This socket ticket is not valid, expired or was already used.");
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-request-id", c.get("requestId"));
  // Always overwritten: the client key comes from CF-Connecting-IP, never from the caller.
  headers.set(CLIENT_KEY_HEADER, requestClientKey(c));
  return spaceStub(c.env, parsed.userId).fetch(new Request(c.req.raw.url, { headers }));
});
