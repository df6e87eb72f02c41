/**
 * Custom request headers of a registration (docs/spec/mcp-platform.md §3). One check, used twice: when a
 * registration is saved (create, full-replacement update, JSON import entries — hosted rule, ADR
 * 0394) and by the MCP gateway before anything is sent (rows saved before the save-time check):
 * a name that is not an RFC 9110 token → `mcp.header_name_invalid`; a value with bytes outside
 * visible ASCII, space and tab (e.g. CR, LF, NUL) → `mcp.header_value_invalid`; a non-ASCII character
 * (e.g. Chinese text, full-width punctuation, obs-text) → `mcp.header_value_non_ascii` (the same
 * printable-ASCII rule as a model connection's API key, src/domain/models/connection.ts); a name
 * the MCP transport owns → `mcp.header_reserved` (hosted extension). Messages name the header,
 * never its value.
 */
import { AppError } from "../errors";

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const RESERVED = new Set([
  "accept",
  "content-type",
  "mcp-session-id",
  "mcp-protocol-version",
  "mcp-method",
  "mcp-name",
  "last-event-id",
]);

/** Why a value cannot be sent: "control" (CR, LF, NUL, DEL…), "non_ascii", or null when it can. */
function valueProblem(value: string): "control" | "non_ascii" | null {
  let nonAscii = false;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === 0x09) continue;
    if (code < 0x20 || code === 0x7f) return "control";
    if (code > 0x7e) nonAscii = true;
  }
  return nonAscii ? "non_ascii" : null;
}

/**
 * Validates `headers` and returns them unchanged. Throws AppError `mcp.header_name_invalid`,
 * `mcp.header_value_invalid`, `mcp.header_value_non_ascii` or `mcp.header_reserved` (details
 * `{header}`).
 */
export function checkCustomHeaders(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    const shown = (name.length > 64 ? `${name.slice(0, 64)}…` : name).replace(/[^\x20-\x7e…]/g, "?");
    if (!TOKEN.test(name))
      throw new AppError(
        "mcp.header_name_invalid",
        `The header name "${shown}" is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~ only, no spaces).`,
        { header: shown },
      );
    const lower = name.toLowerCase();
    if (RESERVED.has(lower) || lower.startsWith("mcp-param-")) {
      throw new AppError(
        "mcp.header_reserved",
        `The header "${shown}" is set by the MCP transport itself and cannot be configured.`,
        { header: shown },
      );
    }
    const problem = typeof value === "string" ? valueProblem(value) : "control";
    if (problem === "non_ascii")
      throw new AppError(
        "mcp.header_value_non_ascii",
        `The value of header "${shown}" contains non-ASCII characters (such as Chinese or full-width characters); HTTP header values must be plain ASCII.`,
        { header: shown },
      );
    if (problem === "control")
      throw new AppError(
        "mcp.header_value_invalid",
        `The value of header "${shown}" contains line breaks or other control characters, which are not allowed in HTTP headers.`,
        { header: shown },
      );
  }
  return headers;
}
