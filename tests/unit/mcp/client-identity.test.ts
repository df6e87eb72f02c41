import { describe, expect, it } from "vitest";
import { MCP_CLIENT_IDENTITY } from "../../../src/composition/mcp-catalog";
import { VERSION } from "../../../src/version";

describe("MCP client identity", () => {
  it("sends the product name and the app version (docs/spec/mcp-platform.md §6)", () => {
    expect(MCP_CLIENT_IDENTITY).toEqual({ name: "TavernEdge", version: VERSION });
  });
});
