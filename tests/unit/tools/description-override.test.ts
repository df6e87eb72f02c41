import { describe, expect, it } from "vitest";
import type { AppError } from "../../../src/domain/errors";
import {
  applyDescriptionOverride,
  hasObjectInputSchema,
  mergeToolDescription,
  type ToolDescriptor,
} from "../../../src/domain/tools/descriptor";

const raw = (): ToolDescriptor => ({
  id: "mcp/550e8400-e29b-41d4-a716-446655440000:search",
  title: "Search",
  description: "server text",
  inputSchema: {
    type: "object",
    properties: { q: { type: "string", description: "server q" }, n: { type: "integer" }, bad: true },
  },
  annotations: {},
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return undefined;
}

describe("description overrides (docs/spec/mcp-platform.md §5)", () => {
  it("applies on a copy and never mutates the raw descriptor", () => {
    const original = raw();
    const out = applyDescriptionOverride(original, { description: "mine", properties: { q: "my q", n: "my n" } });
    expect(out.description).toBe("mine");
    expect((out.inputSchema.properties as any).q).toEqual({ type: "string", description: "my q" });
    expect((out.inputSchema.properties as any).n).toEqual({ type: "integer", description: "my n" });
    expect(original).toEqual(raw());
  });

  it.each([
    [
      "unknown property",
      { properties: { nope: "x" } },
      raw().inputSchema,
      "tool.description_override_unknown_property",
    ],
    [
      "property schema not an object",
      { properties: { bad: "x" } },
      raw().inputSchema,
      "tool.description_override_property_schema_invalid",
    ],
    [
      "no properties object",
      { properties: { q: "x" } },
      { type: "object" },
      "tool.description_override_properties_invalid",
    ],
    [
      "properties is an array",
      { properties: { q: "x" } },
      { type: "object", properties: [] },
      "tool.description_override_properties_invalid",
    ],
  ])("%s → %s", (_label, override, inputSchema, code) => {
    expect(codeOf(() => applyDescriptionOverride({ ...raw(), inputSchema }, override))).toBe(code);
  });

  it("an empty properties map or null override changes nothing", () => {
    expect(
      applyDescriptionOverride({ ...raw(), inputSchema: { type: "object" } }, { description: "d", properties: {} })
        .description,
    ).toBe("d");
    expect(applyDescriptionOverride(raw(), null)).toEqual(raw());
  });

  it.each([
    ["registration only", { description: "reg", properties: { q: "reg q" } }, undefined, "reg", "reg q", undefined],
    ["profile wins description", { description: "reg" }, { description: "prof" }, "prof", "server q", undefined],
    [
      "profile wins per property, others kept",
      { description: "reg", properties: { q: "reg q", n: "reg n" } },
      { properties: { n: "prof n" } },
      "reg",
      "reg q",
      "prof n",
    ],
    ["profile only", null, { description: "prof", properties: { q: "prof q" } }, "prof", "prof q", undefined],
    ["neither", null, null, "server text", "server q", undefined],
  ])("merge: %s", (_label, registration, profile, description, q, n) => {
    const out = mergeToolDescription(raw(), registration, profile);
    expect(out.description).toBe(description);
    expect((out.inputSchema.properties as any).q.description).toBe(q);
    expect((out.inputSchema.properties as any).n.description).toBe(n);
    expect(out.id).toBe(raw().id);
  });

  it("input schema root must be type object exactly", () => {
    expect(hasObjectInputSchema(raw())).toBe(true);
    expect(hasObjectInputSchema({ inputSchema: { type: ["object"] } })).toBe(false);
    expect(hasObjectInputSchema({ inputSchema: { properties: {} } })).toBe(false);
  });
});
