/**
 * Native MCP tool names (docs/spec/mcp-platform.md §3): shared by permissions, description overrides,
 * discovery and calls. Non-empty, at most 256 UTF-8 bytes, otherwise verbatim (any script, `/`,
 * `.`, `:` and spaces allowed).
 *
 * Errors: `mcp.tool_name_empty`, `mcp.tool_name_too_long`.
 */
import { AppError } from "../errors";

/** Longest native tool name, UTF-8 bytes. */
export const MAX_TOOL_NAME_BYTES = 256;

const encoder = new TextEncoder();

/** Validates a native tool name and returns it unchanged. */
export function validateToolName(name: string): string {
  if (name.length === 0) throw new AppError("mcp.tool_name_empty", "An MCP tool name must not be empty.");
  const bytes = encoder.encode(name).length;
  if (bytes > MAX_TOOL_NAME_BYTES) {
    throw new AppError(
      "mcp.tool_name_too_long",
      `An MCP tool name may be at most ${MAX_TOOL_NAME_BYTES} bytes of UTF-8; this one is ${bytes}.`,
    );
  }
  return name;
}
