/**
 * The `:nativeName` path segment of the `/mcp/servers/:id/tools/:nativeName/<leaf>` routes
 * (permission, description-override, test-call), decoded strictly (docs/spec/mcp-platform.md §3 tool names;
 * ADR 0393).
 *
 * Hono's `c.req.param()` decodes leniently: a malformed escape such as `%E5%ZZ` or `%FF` (not
 * UTF-8) is kept as literal text, which would then be stored as a tool name no server can have.
 * This reads the raw segment from the request URL (the one before the final `<leaf>` segment) and
 * decodes it with `decodeURIComponent`; invalid percent-encoding → 400 `mcp.tool_name_invalid`.
 */
import type { Context } from "hono";
import { AppError } from "../domain/errors";

/** The decoded native tool name of a `/tools/:nativeName/<leaf>` request; see the module doc. */
export function toolNameParam(c: Context): string {
  const segments = new URL(c.req.url).pathname.split("/");
  const raw = segments[segments.length - 2] ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    const shown = raw.length > 80 ? `${raw.slice(0, 80)}…` : raw;
    throw new AppError(
      "mcp.tool_name_invalid",
      `The tool name in the URL ("${shown}") is not valid percent-encoded UTF-8; encode the name with encodeURIComponent.`,
      { segment: shown },
    );
  }
}
