/**
 * hasInexactNumbers decides whether an imported line needs the number-preserving reviver
 * (src/domain/chats/json.ts): it must find every number token plain JSON.parse would change and
 * ignore digits inside strings, so ordinary SillyTavern lines take the fast path.
 */
import { describe, expect, it } from "vitest";
import { hasInexactNumbers, parsePreservingNumbers } from "../../../src/domain/chats/json";

describe("hasInexactNumbers", () => {
  it.each([
    ['{"id": 12345678901234567890}'],
    ['{"a": [1, 2, 9007199254740993]}'],
    ['{"x": 1.50}'],
    ['{"x": 1.0}'],
    ['{"x": 1e3}'],
    ['{"x": 2E-7}'],
    ['{"x": -0}'],
    ['{"x": 0.0000001}'],
    ['{"s": "1.50", "n": 12345678.123456789}'],
  ])("finds the number plain JSON.parse would change in %s", (text) => {
    expect(hasInexactNumbers(text)).toBe(true);
  });

  it.each([
    ['{"mes": "It costs 1.50 gold, id 12345678901234567890, at 2026-01-01T00:00:00.000Z"}'],
    ['{"n": 42, "m": -7, "f": 0.25, "g": 1.5e-7, "big": 9007199254740991}'],
    ['{"escaped": "a \\" 1.0 \\\\", "n": 3}'],
    ["[]"],
  ])("takes the fast path for %s", (text) => {
    expect(hasInexactNumbers(text)).toBe(false);
  });

  it("parses both paths to the same values where numbers are exact", () => {
    const line = '{"mes": "1.0 in text", "n": 3, "nested": {"list": [1, 2.5, -3]}}';
    expect(parsePreservingNumbers(line)).toEqual(JSON.parse(line));
    expect(() => parsePreservingNumbers('{"broken": ')).toThrow();
  });
});
