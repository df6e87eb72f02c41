/** The Manager flags saved overrides that name parameters a tool lacks (issue 30 item 8). */
import { describe, expect, it } from "vitest";
import { staleOverrideProperties } from "../../../web/src/mcp/override-check";
import type { McpTool } from "../../../web/src/mcp/types";

const tool = (inputSchema: Record<string, unknown>): McpTool => ({
  id: "mcp:srv/t",
  nativeName: "t",
  inputSchema,
  annotations: {},
  permission: "allow",
});

describe("staleOverrideProperties", () => {
  const schema = { type: "object", properties: { city: { type: "string" }, odd: true } };
  it("names the override properties the schema does not declare as object schemas", () => {
    expect(staleOverrideProperties(tool(schema), { properties: { city: "c", zip: "z", odd: "o" } })).toEqual([
      "zip",
      "odd",
    ]);
  });
  it("is empty when the override fits or has no properties", () => {
    expect(staleOverrideProperties(tool(schema), { properties: { city: "c" } })).toEqual([]);
    expect(staleOverrideProperties(tool(schema), { description: "d" })).toEqual([]);
    expect(staleOverrideProperties(tool(schema), undefined)).toEqual([]);
  });
  it("flags every property when the schema has no properties object", () => {
    expect(staleOverrideProperties(tool({ type: "object" }), { properties: { a: "x" } })).toEqual(["a"]);
  });
});
