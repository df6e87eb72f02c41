/**
 * Strict JSON field readers for profile documents (docs/spec/profiles.md §1 (every object is strict)).
 * Every failure is `agent.profile_contract_invalid` with `details.path` (e.g. `$.tools.allow[2]`).
 */
import type { AppError } from "../errors";
import { profileError } from "./codes";

type Json = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** `agent.profile_contract_invalid` at `path`. */
export function contractInvalid(path: string, message: string): AppError {
  return profileError("agent.profile_contract_invalid", `${path}: ${message}`, path);
}

/** A strict object: unknown keys and missing required keys fail. */
export class StrictObject {
  private constructor(
    readonly path: string,
    readonly value: Json,
  ) {}

  /** Reads `value` as an object with exactly the listed keys (`required` must be present). */
  static of(value: unknown, path: string, required: readonly string[], optional: readonly string[] = []): StrictObject {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw contractInvalid(path, `expected an object, got ${describe(value)}`);
    const json = value as Json;
    const known = new Set([...required, ...optional]);
    for (const key of Object.keys(json)) if (!known.has(key)) throw contractInvalid(`${path}.${key}`, "unknown field");
    for (const key of required)
      if (json[key] === undefined) throw contractInvalid(`${path}.${key}`, "required field is missing");
    return new StrictObject(path, json);
  }

  has(key: string): boolean {
    return this.value[key] !== undefined;
  }

  raw(key: string): unknown {
    return this.value[key];
  }

  at(key: string): string {
    return `${this.path}.${key}`;
  }

  string(key: string): string {
    const value = this.value[key];
    if (typeof value !== "string") throw contractInvalid(this.at(key), `expected a string, got ${describe(value)}`);
    return value;
  }

  optionalString(key: string): string | undefined {
    return this.has(key) ? this.string(key) : undefined;
  }

  /** A string or null (null when absent). */
  nullableString(key: string): string | null {
    const value = this.value[key];
    if (value === undefined || value === null) return null;
    return this.string(key);
  }

  boolean(key: string, fallback?: boolean): boolean {
    const value = this.value[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== "boolean")
      throw contractInvalid(this.at(key), `expected true or false, got ${describe(value)}`);
    return value;
  }

  /** A safe integer (sign is checked by the semantic rules, which have their own codes). */
  integer(key: string, fallback?: number): number {
    const value = this.value[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== "number" || !Number.isSafeInteger(value))
      throw contractInvalid(this.at(key), `expected an integer, got ${describe(value)}`);
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback?: T): T {
    const value = this.value[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
      throw contractInvalid(this.at(key), `expected one of ${allowed.join(", ")}`);
    }
    return value as T;
  }

  strings(key: string, fallback?: string[]): string[] {
    const value = this.value[key];
    if (value === undefined && fallback !== undefined) return [...fallback];
    if (!Array.isArray(value))
      throw contractInvalid(this.at(key), `expected an array of strings, got ${describe(value)}`);
    value.forEach((item, index) => {
      if (typeof item !== "string")
        throw contractInvalid(`${this.at(key)}[${index}]`, `expected a string, got ${describe(item)}`);
    });
    return [...(value as string[])];
  }

  /** An object map `{key: T}` read entry by entry (absent → `{}`). */
  record<T>(key: string, read: (value: unknown, path: string) => T): Record<string, T> {
    const value = this.value[key];
    if (value === undefined) return {};
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw contractInvalid(this.at(key), `expected an object, got ${describe(value)}`);
    const out: Record<string, T> = {};
    for (const [entry, item] of Object.entries(value as Json))
      out[entry] = read(item, `${this.at(key)}[${JSON.stringify(entry)}]`);
    return out;
  }

  array<T>(key: string, read: (value: unknown, path: string) => T, fallback?: T[]): T[] {
    const value = this.value[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (!Array.isArray(value)) throw contractInvalid(this.at(key), `expected an array, got ${describe(value)}`);
    return value.map((item, index) => read(item, `${this.at(key)}[${index}]`));
  }
}
