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

  it("agrees with a token-by-token reference scan on generated lines", () => {
    // The reference: every string or number token in order (the scan before issue 31's rewrite).
    const reference = (text: string) =>
      [...text.matchAll(/"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*/g)].some(
        ([token]) => token.charCodeAt(0) !== 34 && String(Number(token)) !== token,
      );
    const numbers = [
      "0",
      "-0",
      "7",
      "-12",
      "1.5",
      "1.50",
      "2e3",
      "1E-7",
      "123456789012345",
      "1234567890123456",
      "9007199254740993",
      "0.1",
      "-0.0",
    ];
    const strings = [
      '"plain"',
      '"1.50 in text"',
      '"a \\" 1.0"',
      '"ends in \\\\"',
      '"\\\\\\" 2e3"',
      '"2026-01-01T00:00:00.000Z"',
      '""',
    ];
    let seed = 7;
    const pick = <T>(list: T[]) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return list[seed % list.length]!;
    };
    let inexact = 0;
    for (let n = 0; n < 2000; n += 1) {
      const parts = Array.from(
        { length: 1 + (n % 6) },
        (_, i) => `"k${i}": ${pick([pick(numbers), pick(strings), `[${pick(numbers)}, ${pick(strings)}]`])}`,
      );
      const text = `{${parts.join(", ")}}`;
      expect(JSON.parse(text)).toBeTypeOf("object");
      expect(hasInexactNumbers(text), text).toBe(reference(text));
      if (reference(text)) inexact += 1;
    }
    expect(inexact).toBeGreaterThan(100);
    expect(inexact).toBeLessThan(1900);
  });

  it("parses both paths to the same values where numbers are exact", () => {
    const line = '{"mes": "1.0 in text", "n": 3, "nested": {"list": [1, 2.5, -3]}}';
    expect(parsePreservingNumbers(line)).toEqual(JSON.parse(line));
    expect(() => parsePreservingNumbers('{"broken": ')).toThrow();
  });
});
