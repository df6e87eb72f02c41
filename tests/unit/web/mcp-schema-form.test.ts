/**
 * The test console's schema form (web/src/mcp/schema-form.ts; docs/spec/mcp-platform.md §15.9 "Schema form
 * rules") and the Manager's display helpers (endpoint userinfo hidden, catalog age, description
 * override merge).
 */
import { describe, expect, it } from "vitest";
import { mergedOverride } from "../../../web/src/mcp/DescriptionEditor";
import { ageOf, endpointForDisplay, isPlainHttp } from "../../../web/src/mcp/display";
import { collectArguments, fieldsOf, initialValues } from "../../../web/src/mcp/schema-form";

const schema = {
  type: "object",
  properties: {
    label: { type: "string", description: "Any text" },
    count: { type: "integer", default: 7 },
    ratio: { type: "number" },
    loud: { type: "boolean", default: false },
    mood: { type: "string", enum: ["calm", "busy"] },
    level: { enum: [1, 2, true] },
    mixed: { enum: [{ a: 1 }, "x"] },
    ids: { type: "array", items: { type: "integer" } },
    tags: { type: "array", items: { type: "string" }, default: ["a", "b"] },
    nullable: { type: ["string", "null"] },
    extra: { type: "object" },
    rows: { type: "array", items: { type: "object" } },
  },
  required: ["label", "count"],
};

describe("schema form fields", () => {
  it("derives one kind per property, required marks and defaults", () => {
    const fields = fieldsOf(schema);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["label", "text", true],
      ["count", "integer", true],
      ["ratio", "number", false],
      ["loud", "boolean", false],
      ["mood", "enum", false],
      ["level", "enum", false],
      ["mixed", "json", false],
      ["ids", "lines", false],
      ["tags", "lines", false],
      ["nullable", "text", false],
      ["extra", "json", false],
      ["rows", "json", false],
    ]);
    expect(initialValues(fields)).toMatchObject({ count: "7", loud: "false", tags: "a\nb", label: "" });
    expect(fields[0]!.description).toBe("Any text");
  });

  it("a schema without properties has no fields and sends {}", () => {
    expect(fieldsOf({ type: "object" })).toEqual([]);
    expect(collectArguments([], {})).toEqual({ ok: true, json: "{}" });
  });
});

describe("collecting arguments", () => {
  const fields = fieldsOf(schema);
  const base = initialValues(fields);

  it("splices raw tokens so big integers stay exact, and omits unset optional fields", () => {
    const result = collectArguments(fields, {
      ...base,
      label: 'tea "pot"',
      count: "12345678901234567890",
      ids: "1\n\n -2 \n98765432109876543210",
      mood: "1",
      level: "2",
      extra: ' {"a": [1, 2]} ',
      loud: "",
    });
    expect(result).toEqual({
      ok: true,
      json: '{"label":"tea \\"pot\\"","count":12345678901234567890,"level":true,"mood":"busy","ids":[1,-2,98765432109876543210],"tags":["a","b"],"extra":{"a": [1, 2]}}'.replace(
        '"level":true,"mood":"busy"',
        '"mood":"busy","level":true',
      ),
    });
  });

  it("reports required, number, integer and json errors per field", () => {
    const result = collectArguments(fields, { ...base, count: "1.5", ratio: "1,5", extra: "{nope", ids: "1\nx" });
    expect(result).toEqual({
      ok: false,
      errors: { label: "required", count: "integer", ratio: "number", extra: "json", ids: "integer" },
    });
  });

  it("accepts JSON numbers with exponents and keeps the text as typed", () => {
    const result = collectArguments(fields, { ...base, label: "x", ratio: "-1.5e+3" });
    expect(result.ok && result.json).toContain('"ratio":-1.5e+3');
  });
});

describe("display helpers", () => {
  it("hides endpoint userinfo", () => {
    expect(endpointForDisplay("https://user:pa@ss@example.com/mcp")).toBe("https://•••@example.com/mcp");
    expect(endpointForDisplay("https://token@example.com/mcp?x=1")).toBe("https://•••@example.com/mcp?x=1");
    expect(endpointForDisplay("https://example.com/a@b")).toBe("https://example.com/a@b");
    expect(isPlainHttp("http://127.0.0.1/mcp")).toBe(true);
    expect(isPlainHttp("https://x/mcp")).toBe(false);
  });

  it("describes catalog age", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    expect(ageOf(undefined, now)).toBe("");
    expect(ageOf("2026-01-01T11:59:50Z", now)).toBe("just now");
    expect(ageOf("2026-01-01T11:55:00Z", now)).toBe("5 min ago");
    expect(ageOf("2026-01-01T09:00:00Z", now)).toBe("3 h ago");
    expect(ageOf("2025-12-29T12:00:00Z", now)).toBe("3 days ago");
  });

  it("merges a custom description into an override without losing property overrides", () => {
    expect(mergedOverride({ properties: { q: "Query." } }, "New")).toEqual({
      description: "New",
      properties: { q: "Query." },
    });
    expect(mergedOverride({ description: "Old", properties: { q: "Query." } }, "  ")).toEqual({
      properties: { q: "Query." },
    });
    expect(mergedOverride({ description: "Old", properties: {} }, "")).toBeNull();
    expect(mergedOverride(undefined, "Fresh")).toEqual({ description: "Fresh", properties: {} });
  });
});
