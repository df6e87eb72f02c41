/**
 * The test console's schema-driven form (docs/spec/mcp-platform.md §15.9, "Schema form rules"): fields from
 * `inputSchema.properties` (required from `required[]`), one kind per field, defaults from
 * `default`, and `collectArguments`, which splices the raw tokens into `{"name":token,…}` so an
 * integer beyond 2^53 is sent exactly as typed (never through a JS number). Unset optional
 * fields are omitted; errors per field: `required`, `number`, `integer`, `json`.
 */
import { i18n } from "../i18n/i18n";
import type { JsonObject } from "./types";

export type FieldKind = "text" | "number" | "integer" | "boolean" | "enum" | "lines" | "json";
export type ItemKind = "string" | "number" | "integer";

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  /** `enum` fields: the options (string, number or boolean each). */
  options?: Array<string | number | boolean>;
  /** `lines` fields: the item type. */
  itemKind?: ItemKind;
  /** Initial raw value (from `default`), in the field's text form. */
  initial: string;
}

export type FieldError = "required" | "number" | "integer" | "json";
export type CollectResult = { ok: true; json: string } | { ok: false; errors: Record<string, FieldError> };

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER = /^-?(0|[1-9]\d*)$/;

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The single non-null `type` of a schema, if it has one. */
function typeOf(schema: JsonObject): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) {
    const real = type.filter((t) => t !== "null");
    if (real.length === 1 && typeof real[0] === "string") return real[0];
  }
  return undefined;
}

function kindOf(schema: JsonObject): { kind: FieldKind; options?: FormField["options"]; itemKind?: ItemKind } {
  if (
    Array.isArray(schema.enum) &&
    schema.enum.length > 0 &&
    schema.enum.every((o) => ["string", "number", "boolean"].includes(typeof o))
  ) {
    return { kind: "enum", options: schema.enum as FormField["options"] };
  }
  const type = typeOf(schema);
  if (type === "string") return { kind: "text" };
  if (type === "number") return { kind: "number" };
  if (type === "integer") return { kind: "integer" };
  if (type === "boolean") return { kind: "boolean" };
  if (type === "array" && isObject(schema.items)) {
    const item = typeOf(schema.items);
    if ((item === "string" || item === "number" || item === "integer") && !Array.isArray(schema.items.enum))
      return { kind: "lines", itemKind: item };
  }
  return { kind: "json" };
}

function initialOf(field: Omit<FormField, "initial">, value: unknown): string {
  if (value === undefined) return "";
  switch (field.kind) {
    case "text":
      return typeof value === "string" ? value : "";
    case "number":
    case "integer":
      return typeof value === "number" ? String(value) : "";
    case "boolean":
      return value === true ? "true" : value === false ? "false" : "";
    case "enum": {
      const i = field.options!.findIndex((o) => o === value);
      return i < 0 ? "" : String(i);
    }
    case "lines":
      return Array.isArray(value) ? value.map(String).join("\n") : "";
    case "json":
      return JSON.stringify(value, null, 2) ?? "";
  }
}

/** The form fields of a tool's input schema, in property order. */
export function fieldsOf(inputSchema: JsonObject): FormField[] {
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = new Set(
    Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === "string") : [],
  );
  return Object.entries(properties).map(([name, raw]) => {
    const schema = isObject(raw) ? raw : {};
    const base = {
      name,
      required: required.has(name),
      ...kindOf(schema),
      ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    };
    return { ...base, initial: initialOf(base, schema.default) };
  });
}

/** The initial values map of `fields` (name → raw text). */
export function initialValues(fields: FormField[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, f.initial]));
}

function tokenOf(field: FormField, raw: string): { token?: string; error?: FieldError } {
  const value = field.kind === "text" || field.kind === "json" || field.kind === "lines" ? raw : raw.trim();
  if (field.kind === "json" ? value.trim() === "" : field.kind === "lines" ? value.trim() === "" : value === "")
    return {};
  switch (field.kind) {
    case "text":
      return { token: JSON.stringify(value) };
    case "number":
      return NUMBER.test(value) ? { token: value } : { error: "number" };
    case "integer":
      return INTEGER.test(value) ? { token: value } : { error: "integer" };
    case "boolean":
      return { token: value === "true" ? "true" : "false" };
    case "enum": {
      const option = field.options![Number(value)];
      return option === undefined ? {} : { token: JSON.stringify(option) };
    }
    case "json":
      try {
        JSON.parse(value);
        return { token: value.trim() };
      } catch {
        return { error: "json" };
      }
    case "lines": {
      const lines = value
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l !== "");
      const tokens: string[] = [];
      for (const line of lines) {
        if (field.itemKind === "string") tokens.push(JSON.stringify(line));
        else if ((field.itemKind === "integer" ? INTEGER : NUMBER).test(line)) tokens.push(line);
        else return { error: field.itemKind === "integer" ? "integer" : "number" };
      }
      return { token: `[${tokens.join(",")}]` };
    }
  }
}

/** Builds the `argumentsJson` text from the form values, or the field errors. */
export function collectArguments(fields: FormField[], values: Record<string, string>): CollectResult {
  const parts: string[] = [];
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const { token, error } = tokenOf(field, values[field.name] ?? "");
    if (error) errors[field.name] = error;
    else if (token === undefined) {
      if (field.required) errors[field.name] = "required";
    } else parts.push(`${JSON.stringify(field.name)}:${token}`);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, json: `{${parts.join(",")}}` };
}

/** A person-readable message for a field error. */
export function fieldErrorText(error: FieldError): string {
  switch (error) {
    case "required":
    case "number":
    case "integer":
    case "json":
      return i18n.t(`mcp.args.errors.${error}`);
  }
}
