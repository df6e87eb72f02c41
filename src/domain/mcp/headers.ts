/**
 * Custom request headers of a registration (docs/spec/mcp-platform.md §3). One check, used twice: when a
 * registration is saved (create, full-replacement update, JSON import entries — hosted rule, ADR
 * 0394) and by the MCP gateway before anything is sent (rows saved before the save-time check):
 * a name that is not an RFC 9110 token → `mcp.header_name_invalid`; a value with bytes outside
 * visible ASCII / obs-text, space and tab (e.g. CR, LF, NUL) → `mcp.header_value_invalid`; a name
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

function validValue(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === 0x09) continue;
    if (code < 0x20 || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

/**
 * Validates `headers` and returns them unchanged. Throws AppError `mcp.header_name_invalid`,
 * `mcp.header_value_invalid` or `mcp.header_reserved` (details `{header}`).
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
    if (typeof value !== "string" || !validValue(value)) {
      throw new AppError(
        "mcp.header_value_invalid",
        `The value of header "${shown}" contains characters that are not allowed in HTTP headers (such as line breaks).`,
        { header: shown },
      );
    }
  }
  return headers;
}
