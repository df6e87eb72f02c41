/**
 * `dice.roll` (docs/spec/tool-system.md §2): formula `XdY`, `dY`, `XdY+Z`, `XdY-Z` or a plain number N
 * meaning `1dN`; no whitespace, case-insensitive, exactly one `d`. Limits: dice ≤ 100, sides
 * ≤ 1,000,000, |modifier| ≤ 1,000,000, counts and sides positive. Error `dice.invalid_formula`.
 * Result `{formula, rolls, modifier, total, min, max}`.
 */
import { ToolError } from "../../workspace/tool-error";

export interface DiceResult {
  formula: string;
  rolls: number[];
  modifier: number;
  total: number;
  min: number;
  max: number;
}

const FORMULA = /^(\d*)d(\d+)([+-]\d+)?$/i;

function invalid(formula: string, why: string): ToolError {
  return new ToolError(
    "dice.invalid_formula",
    `"${formula}" is not a dice formula (${why}); use XdY, dY, XdY+Z, XdY-Z or a number N.`,
  );
}

/** Parses a formula (throws `dice.invalid_formula`). */
export function parseDice(formula: string): { count: number; sides: number; modifier: number } {
  if (/^\d+$/.test(formula)) return check(formula, 1, Number(formula), 0);
  const match = FORMULA.exec(formula);
  if (!match) throw invalid(formula, "bad shape");
  return check(formula, match[1] === "" ? 1 : Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : 0);
}

function check(formula: string, count: number, sides: number, modifier: number) {
  if (!(count >= 1 && count <= 100)) throw invalid(formula, "1 to 100 dice");
  if (!(sides >= 1 && sides <= 1_000_000)) throw invalid(formula, "1 to 1,000,000 sides");
  if (Math.abs(modifier) > 1_000_000) throw invalid(formula, "modifier at most ±1,000,000");
  return { count, sides, modifier };
}

/** Rolls with `random(sides)` → 1..sides (default: crypto random). */
export function rollDice(formula: string, random: (sides: number) => number = cryptoRoll): DiceResult {
  const { count, sides, modifier } = parseDice(formula);
  const rolls = Array.from({ length: count }, () => random(sides));
  const total = rolls.reduce((a, b) => a + b, 0) + modifier;
  return { formula, rolls, modifier, total, min: count + modifier, max: count * sides + modifier };
}

function cryptoRoll(sides: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / sides) * sides;
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return (buf[0]! % sides) + 1;
  }
}
