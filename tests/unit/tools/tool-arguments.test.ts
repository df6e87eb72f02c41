import { describe, expect, it } from "vitest";
import {
  auditArgumentsText,
  invalidArgumentsMessage,
  normalizeToolArguments,
  replayArguments,
} from "../../../src/domain/tools/tool-arguments";

describe("ToolArguments normalization (docs/spec/tool-system.md §1)", () => {
  it.each<[string, unknown, Record<string, unknown>]>([
    ["absent", undefined, {}],
    ["null", null, {}],
    ["empty string", "", {}],
    ["blank string", "  \n\t ", {}],
    ['"null"', "null", {}],
    ['"{}"', "{}", {}],
    ['" {} "', " {} ", {}],
    ["object", { path: "output/main.md" }, { path: "output/main.md" }],
    ["JSON object text", '{"query":"tea","limit":3}', { query: "tea", limit: 3 }],
    ["JSON string holding an object", JSON.stringify('{"a":1}'), { a: 1 }],
    ["nested values", '{"a":{"b":[1,null,"x"]}}', { a: { b: [1, null, "x"] } }],
  ])("%s → object", (_label, raw, expected) => {
    expect(normalizeToolArguments(raw)).toEqual({ kind: "object", value: expected });
  });

  it.each<[string, unknown, string]>([
    ["truncated JSON", '{"query":"te', '{"query":"te'],
    ["array text", "[1,2]", "[1,2]"],
    ["array value", [1, 2], "[1,2]"],
    ["number text", "42", "42"],
    ["number value", 42, "42"],
    ["boolean text", "true", "true"],
    ["plain string", "hello", "hello"],
    ["JSON string of a non-object", '"hello"', '"hello"'],
    ["JSON string holding an array", JSON.stringify("[1]"), JSON.stringify("[1]")],
    ["JSON string holding null", JSON.stringify("null"), JSON.stringify("null")],
  ])("%s → invalid with raw text kept", (_label, raw, rawText) => {
    const args = normalizeToolArguments(raw);
    expect(args).toEqual({ kind: "invalid", rawText });
    expect(replayArguments(args)).toEqual({});
    expect(auditArgumentsText(args)).toBe(rawText);
  });

  it("tool.invalid_arguments quotes the first 200 characters with an ellipsis", () => {
    const raw = `[${"x".repeat(300)}`;
    const message = invalidArgumentsMessage(raw);
    expect(message).toContain(raw.slice(0, 200) + "…");
    expect(message).not.toContain(raw.slice(0, 201));
    expect(invalidArgumentsMessage("[1]")).toMatch(/\[1\]$/);
  });

  it("object arguments replay as given", () => {
    const args = normalizeToolArguments('{"a":1}');
    expect(replayArguments(args)).toEqual({ a: 1 });
    expect(auditArgumentsText(args)).toBe('{"a":1}');
  });
});
