/**
 * Raw-text host check for absolute URLs typed by a person (MCP endpoints, docs/spec/mcp-platform.md §3;
 * model connection base URLs, docs/spec/hosted.md §9; ADR 0390).
 *
 * WHATWG URL parsing repairs a missing host for the special schemes: `http:///mcp`, `http:mcp`
 * and `http:////mcp` all parse as `http://mcp/`, silently turning the path into a host. Checking
 * the parsed URL cannot see that, so this looks at the text itself: after `scheme:` there must be
 * exactly `//`, then an authority that ends at the next `/`, `\`, `?` or `#` and whose host (after
 * any `userinfo@`, before any `:port`) is not empty. ASCII tab / LF / CR are removed first, as the
 * URL parser does.
 */

/**
 * True when `text` (already trimmed) spells `scheme://host…` with a non-empty host, e.g.
 * `http://example.com/mcp`, `https://user:pw@[::1]:8080/`; false for `http:///mcp`, `http:mcp`,
 * `http:////mcp`, `mailto:x`, `file:///x`, relative text.
 */
export function hasRawAuthorityHost(text: string): boolean {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:([\s\S]*)$/.exec(text.replace(/[\t\n\r]/g, ""));
  if (!match) return false;
  const rest = match[1]!;
  if (!rest.startsWith("//")) return false;
  const afterSlashes = rest.slice(2);
  const end = afterSlashes.search(/[/\\?#]/);
  const authority = end < 0 ? afterSlashes : afterSlashes.slice(0, end);
  const hostAndPort = authority.slice(authority.lastIndexOf("@") + 1);
  const host = hostAndPort.startsWith("[")
    ? hostAndPort.slice(0, hostAndPort.indexOf("]") + 1)
    : hostAndPort.replace(/:[^:]*$/, "");
  return host.length > 0;
}
