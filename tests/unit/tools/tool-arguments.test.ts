import { afterEach, describe, expect, it, vi } from "vitest";
import {
  auditArgumentsText,
  invalidArgumentsMessage,
  normalizeToolArguments,
  parseJsonExact,
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

describe("parseJsonExact (docs/spec/hosted.md §8)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Parses `text`, reporting whether JSON.parse was given a reviver. */
  function parsed(text: string): { value: unknown; reviver: boolean } {
    const parse = vi.spyOn(JSON, "parse");
    const value = parseJsonExact(text);
    const reviver = parse.mock.calls.some((call) => call[1] !== undefined);
    parse.mockRestore();
    return { value, reviver };
  }

  it.each([
    ["16 digits, just past 2^53", '{"id":9007199254740993}'],
    ["2^53 itself", '{"id":9007199254740992}'],
    ["negative", '{"id":-9007199254740993}'],
    ["20 digits inside nested arrays", '{"ids":[[1,[12345678901234567890]],{"n":-99999999999999999999}]}'],
  ])("integers beyond 2^53 keep their exact digits: %s", (_label, text) => {
    const { value, reviver } = parsed(text);
    expect(reviver).toBe(true);
    expect(JSON.stringify(value)).toBe(text);
  });

  it.each([
    ["ordinary arguments", '{"query":"tea","limit":3,"role":"user","deep":{"a":[1,2.5,-0,1e3,null,true]}}'],
    ["15-digit integers", '{"n":999999999999999,"m":-999999999999999}'],
    ["15-digit integers next to a dot", '{"x":123456789012345.678}'],
  ])("%s parse like JSON.parse, without a reviver", (_label, text) => {
    const { value, reviver } = parsed(text);
    expect(reviver).toBe(false);
    expect(value).toEqual(JSON.parse(text));
  });

  it.each([
    ["16+ digits only inside strings", '{"phone":"12345678901234567890","n":5,"big":"9007199254740993"}'],
    ["the largest safe integer", '{"n":9007199254740991,"list":[-9007199254740991]}'],
  ])("%s take the exact path and parse like JSON.parse (plain numbers)", (_label, text) => {
    const { value, reviver } = parsed(text);
    expect(reviver).toBe(true);
    expect(value).toEqual(JSON.parse(text));
  });
});
