/**
 * Argument checks shared by the loop's builtin tools (docs/spec/tool-system.md §2 (shared errors)): a
 * wrongly typed or unknown argument is the recoverable `tool.invalid_arguments`.
 */
import { ToolError } from "../../workspace/tool-error";

export type Args = Record<string, unknown>;

export function badArgs(message: string): ToolError {
  return new ToolError("tool.invalid_arguments", message);
}

/** Rejects keys outside `allowed` (schemas are additionalProperties:false). */
export function onlyKeys(args: Args, allowed: readonly string[], tool: string): void {
  for (const key of Object.keys(args))
    if (!allowed.includes(key))
      throw badArgs(`${tool} does not take "${key}"; its arguments are ${allowed.join(", ") || "none"}.`);
}

export function optInt(
  args: Args,
  key: string,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) throw badArgs(`"${key}" must be an integer.`);
  if (value < min || value > max) throw badArgs(`"${key}" must be between ${min} and ${max}.`);
  return value;
}

export function reqString(args: Args, key: string): string {
  const value = args[key];
  if (typeof value !== "string") throw badArgs(`"${key}" is required and must be a string.`);
  return value;
}

export function optString(args: Args, key: string): string | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw badArgs(`"${key}" must be a string.`);
  return value;
}

/** A scalar-indexed slice of `text`: `[start, start+max)` clamped; `full` when no range was asked. */
export function sliceChars(
  text: string,
  start: number,
  max: number | undefined,
): { text: string; startChar: number; endChar: number; totalChars: number } {
  const chars = Array.from(text);
  const end = max === undefined ? chars.length : Math.min(chars.length, start + max);
  return { text: chars.slice(start, end).join(""), startChar: start, endChar: end, totalChars: chars.length };
}
