/** The workerd path of docs/spec/hosted.md §8: big integers keep their digits (Node 22 has JSON.rawJSON as well; this file pins the workerd behaviour). */
import { describe, expect, it } from "vitest";
import {
  exactJsonNumbersSupported,
  normalizeToolArguments,
  parseJsonExact,
} from "../../../src/domain/tools/tool-arguments";

describe("digit-exact tool arguments in workerd", () => {
  it("the runtime supports JSON.rawJSON", () => {
    expect(exactJsonNumbersSupported()).toBe(true);
  });

  it.each([
    ['{"id":9007199254740993}', '{"id":9007199254740993}'],
    ['{"id":-9223372036854775808,"small":42,"f":1.5}', '{"id":-9223372036854775808,"small":42,"f":1.5}'],
    ['{"nested":{"list":[18446744073709551615,1]}}', '{"nested":{"list":[18446744073709551615,1]}}'],
  ])("%s re-serializes unchanged", (text, expected) => {
    const args = normalizeToolArguments(text);
    expect(args.kind).toBe("object");
    expect(JSON.stringify(args.kind === "object" ? args.value : null)).toBe(expected);
  });

  it("safe integers stay plain numbers", () => {
    const value = parseJsonExact('{"n":9007199254740991}') as { n: unknown };
    expect(value.n).toBe(9007199254740991);
  });

  it("a JSON string holding an object keeps the digits too", () => {
    const args = normalizeToolArguments(JSON.stringify('{"id":9007199254740993}'));
    expect(args.kind === "object" && JSON.stringify(args.value)).toBe('{"id":9007199254740993}');
  });
});
