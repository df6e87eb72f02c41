import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/domain/errors";
import {
  builtinToolId,
  formatToolId,
  isBuiltinToolId,
  isMcpToolId,
  mcpToolId,
  parseMcpToolId,
  parseToolId,
} from "../../../src/domain/tools/tool-id";

const UUID = "550e8400-e29b-41d4-a716-446655440000";

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : `non-app:${String(error)}`;
  }
  return undefined;
}

describe("ToolId parse/format (docs/spec/mcp-platform.md §2)", () => {
  it.each([
    ["builtin:workspace.read_file", "builtin", "workspace.read_file", "builtin"],
    [`mcp/${UUID}:search`, `mcp/${UUID}`, "search", "mcp"],
    [`mcp/${UUID}:search:exact`, `mcp/${UUID}`, "search:exact", "mcp"],
    [`mcp/${UUID}:a/b c.d`, `mcp/${UUID}`, "a/b c.d", "mcp"],
    ["extension/foo:bar", "extension/foo", "bar", "other"],
  ])("%s splits on the first colon", (id, providerId, nativeName, kind) => {
    const parsed = parseToolId(id);
    expect(parsed).toMatchObject({ id, providerId, nativeName, kind });
    expect(formatToolId(providerId, nativeName)).toBe(id);
  });

  it.each([
    ["no-colon", "tool.id_invalid"],
    [":name", "tool.provider_id_empty"],
    ["builtin:", "tool.native_name_empty"],
  ])("parseToolId(%j) → %s", (value, code) => {
    expect(codeOf(() => parseToolId(value))).toBe(code);
  });

  it.each([
    [`builtin:search`, "mcp.provider_id_invalid"],
    [`mcp/not-a-uuid:search`, "mcp.registration_id_invalid"],
    [`mcp/${UUID.toUpperCase()}:search`, "mcp.registration_id_noncanonical"],
    [`mcp/${UUID}:${"x".repeat(257)}`, "mcp.tool_name_too_long"],
    [`mcp/${UUID}:`, "tool.native_name_empty"],
  ])("parseMcpToolId(%j) → %s", (value, code) => {
    expect(codeOf(() => parseMcpToolId(value))).toBe(code);
    expect(isMcpToolId(value)).toBe(false);
  });

  it("accepts 256-byte native names and reports the registration id", () => {
    const name = "é".repeat(128);
    expect(parseMcpToolId(`mcp/${UUID}:${name}`).registrationId).toBe(UUID);
    expect(mcpToolId(UUID, "search")).toBe(`mcp/${UUID}:search`);
  });

  it("formatToolId refuses a colon in the provider and builds builtin ids", () => {
    expect(codeOf(() => formatToolId("a:b", "x"))).toBe("tool.provider_id_invalid");
    expect(builtinToolId("dice.roll")).toBe("builtin:dice.roll");
    expect(isBuiltinToolId("builtin:dice.roll")).toBe(true);
    expect(isBuiltinToolId("builtin:")).toBe(false);
  });
});
