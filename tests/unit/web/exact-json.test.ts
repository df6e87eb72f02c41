/** The run page's tool-call arguments (web/src/runs/timeline/exact-json.ts): indented, every digit kept. */
import { describe, expect, it } from "vitest";
import { prettyExactJson } from "../../../web/src/runs/timeline/exact-json";

describe("prettyExactJson", () => {
  it("keeps every digit of integers beyond 2^53, as the model sent them", () => {
    const text = '{"n":12345678901234567890,"m":-9007199254740993,"list":[9007199254740993,1.5]}';
    const shown = prettyExactJson(text);
    expect(shown).toContain('"n": 12345678901234567890');
    expect(shown).toContain('"m": -9007199254740993');
    expect(shown).toContain("9007199254740993,");
    expect(shown).not.toContain("12345678901234567000");
  });

  it("writes every other number as it was sent: 1e400, -0, 1E+2, 1.0000000000000000001", () => {
    const text = '{"a":1e400,"b":-0,"c":1E+2,"d":1.0000000000000000001,"e":2.5}';
    expect(prettyExactJson(text)).toBe(
      '{\n  "a": 1e400,\n  "b": -0,\n  "c": 1E+2,\n  "d": 1.0000000000000000001,\n  "e": 2.5\n}',
    );
  });

  it("indents ordinary JSON as JSON.stringify does, Chinese text included", () => {
    const text = '{"path":"plan/笔记！.md","lines":[1,2],"deep":{"ok":true}}';
    expect(prettyExactJson(text)).toBe(JSON.stringify(JSON.parse(text), null, 2));
  });

  it("a string with 16 digits is not a number and stays as it was", () => {
    const text = '{"phone":"1234567890123456"}';
    expect(prettyExactJson(text)).toBe('{\n  "phone": "1234567890123456"\n}');
  });

  it.each([
    ["keys a JavaScript object would reorder", '{"b":1,"2":"two","1":"one","a":{"10":"ten","9":"nine"}}'],
    ["a repeated key", '{"a":1,"a":2.50}'],
    ["spaced JSON", '{ "path": "plan/a.md", "n": 1 }'],
    ["\\u escapes", '{"name":"\\u4e2d\\u6587"}'],
  ])("%s is shown exactly as sent", (_label, text) => {
    expect(prettyExactJson(text)).toBe(text);
  });

  it("text that is not JSON (cut, or invalid arguments) is shown unchanged", () => {
    expect(prettyExactJson('{"path": "output/ma')).toBe('{"path": "output/ma');
    expect(prettyExactJson("not json at all")).toBe("not json at all");
  });
});
