/**
 * The Worker's Hono app: `/api/v1` routes, the error envelope, 404/405, and static assets with a
 * Content-Security-Policy that forbids inline scripts.
 */
import { Hono } from "hono";
import { AppError } from "../domain/errors";
import { VERSION } from "../version";
import type { HttpEnv } from "./context";
import { errorResponse, handleError } from "./errors";
import { allowedMethods } from "./method-table";
import { API_ROUTES } from "./routes/index";

/** CSP for the HTML shell: no inline script, no framing, sockets to self only. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

export function createApp(): Hono<HttpEnv> {
  const app = new Hono<HttpEnv>();
  app.use("*", async (c, next) => {
    c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
    await next();
  });
  app.onError(handleError);

  const api = new Hono<HttpEnv>();
  api.get("/health", (c) => c.json({ ok: true, version: VERSION }));
  for (const routes of API_ROUTES) api.route("/", routes);
  app.route("/api/v1", api);

  app.all("/api/*", (c) => {
    const path = new URL(c.req.url).pathname;
    const methods = allowedMethods(app.routes, path);
    if (methods.length > 0 && !methods.includes(c.req.method)) {
      return errorResponse(
        c,
        { code: "http.method_not_allowed", message: `${c.req.method} is not allowed here; use ${methods.join(", ")}.` },
        { Allow: methods.join(", ") },
      );
    }
    throw new AppError("http.route_not_found", `No API route ${c.req.method} ${path}.`);
  });

  app.all("*", async (c) => {
    if (!c.env.ASSETS) return c.text("Not found", 404);
    const response = await c.env.ASSETS.fetch(c.req.raw);
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes("text/html")) return response;
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "no-referrer");
    return new Response(response.body, { status: response.status, headers });
  });
  return app;
}
