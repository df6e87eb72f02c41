/**
 * MCP endpoint parsing and normalization (docs/spec/mcp-platform.md §3, `McpEndpoint::parse`).
 *
 * The input is trimmed, parsed as a WHATWG URL and re-serialized; the serialization is the
 * normalized endpoint (lowercased scheme and host, `/` added to a bare origin, default port
 * dropped, …). Userinfo and query strings are allowed; the endpoint userinfo is a secret
 * (docs/spec/hosted.md §4): use `redactEndpoint` for anything shown in messages or logs.
 *
 * Errors, checked in this order (AppError):
 * - `mcp.endpoint_invalid`: not parseable as an absolute URL (relative text, bad host, …);
 * - `mcp.endpoint_absolute_required`: no host (`mailto:x`, `file:///x`, `data:`…), including a
 *   host the URL parser would invent from the path (`http:///mcp`, `http:mcp`; the raw text must
 *   read `scheme://host…`, see ../url-authority, ADR 0390);
 * - `mcp.endpoint_fragment_forbidden`: a `#fragment` (even an empty one);
 * - `mcp.endpoint_scheme_invalid`: a scheme other than `http` / `https`.
 */
import { AppError } from "../errors";
import { hasRawAuthorityHost } from "../url-authority";

/** A parsed endpoint. `normalized` includes the userinfo; the other fields never do. */
export interface McpEndpoint {
  /** Normalized URL, userinfo included (a secret when present). */
  normalized: string;
  /** Normalized URL without userinfo (safe to store in clear and to show). */
  withoutUserinfo: string;
  /** The raw userinfo as serialized (`user:pass`, percent-encoded), or null. */
  userinfo: string | null;
  /** Host (lowercase; IPv6 in brackets). */
  host: string;
  scheme: "http" | "https";
}

/** Parses and normalizes an endpoint; see the module doc for the error codes. */
export function parseEndpoint(input: string): McpEndpoint {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch (error) {
    const detail =
      error instanceof Error && error.message ? error.message.split("\n")[0]!.slice(0, 120) : "unparseable";
    throw new AppError("mcp.endpoint_invalid", `The MCP endpoint is not a valid absolute URL (${detail}).`, undefined, {
      cause: error,
    });
  }
  if (url.host === "" || !hasRawAuthorityHost(text)) {
    throw new AppError(
      "mcp.endpoint_absolute_required",
      "The MCP endpoint must be an absolute URL with a host, such as https://example.com/mcp.",
    );
  }
  if (url.href.includes("#")) {
    throw new AppError("mcp.endpoint_fragment_forbidden", "The MCP endpoint must not contain a #fragment.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError(
      "mcp.endpoint_scheme_invalid",
      `The MCP endpoint must use http or https, not ${url.protocol.slice(0, 20).replace(/:$/, "")}.`,
    );
  }
  const userinfo = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ""}` : null;
  const bare = new URL(url.href);
  bare.username = "";
  bare.password = "";
  return {
    normalized: url.href,
    withoutUserinfo: bare.href,
    userinfo,
    host: url.hostname,
    scheme: url.protocol === "http:" ? "http" : "https",
  };
}

/**
 * Puts a stored userinfo back into an endpoint stored without it. `userinfo` is the `user:pass`
 * text produced by parseEndpoint (already percent-encoded).
 */
export function withUserinfo(endpointWithoutUserinfo: string, userinfo: string | null): string {
  if (!userinfo) return endpointWithoutUserinfo;
  const url = new URL(endpointWithoutUserinfo);
  const colon = userinfo.indexOf(":");
  url.username = colon < 0 ? userinfo : userinfo.slice(0, colon);
  if (colon >= 0) url.password = userinfo.slice(colon + 1);
  return url.href;
}

/**
 * The endpoint as messages and logs may show it: userinfo replaced by `***@`. Input that does not
 * parse is replaced by `<invalid endpoint>` (it may hold a secret).
 */
export function redactEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    if (!url.username && !url.password) return url.href;
    url.username = "***";
    url.password = "";
    return url.href;
  } catch {
    return "<invalid endpoint>";
  }
}
