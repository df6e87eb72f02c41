/**
 * Request body reading with limits: JSON content type (415 http.unsupported_media_type), size cap
 * (413 http.body_too_large; default 1 MiB, checked on Content-Length and while streaming),
 * bytes that are not UTF-8 (400 http.invalid_utf8), nesting past MAX_JSON_DEPTH (400 input.invalid
 * with `details.path`, checked on the text before parsing), parse errors (400 http.invalid_json),
 * a lone surrogate or U+0000 in any string (400 input.invalid_text with `details.path`), zod
 * validation (400 input.invalid, issues in details). docs/spec/hardening.md "Untrusted JSON".
 */
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../domain/errors";
import { jsonDepthProblem, unstorableText } from "../domain/json-depth";
import { readBodyBytes } from "./body-bytes";
import type { HttpEnv } from "./context";

/** Default cap on request bodies, bytes. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Reads the raw body text with a byte cap; empty string for no body. */
export async function readBodyText(c: Context<HttpEnv>, maxBytes = DEFAULT_BODY_LIMIT): Promise<string> {
  const bytes = await readBodyBytes(c, maxBytes, () => tooLarge(maxBytes));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("http.invalid_utf8", "The request body is not valid UTF-8 text; send JSON encoded as UTF-8.");
  }
}

/**
 * Parses untrusted JSON text: refuses nesting past MAX_JSON_DEPTH before building any object
 * (`input.invalid`, `details.path`), syntax errors (`http.invalid_json`) and strings that cannot
 * be stored faithfully (`input.invalid_text`, `details.path`). docs/spec/hardening.md "Untrusted JSON".
 */
export function parseUntrustedJson(text: string): unknown {
  const deep = jsonDepthProblem(text);
  if (deep) {
    throw new AppError(
      "input.invalid",
      `The request nests objects and arrays more than ${deep.maxDepth} levels deep (at ${deep.path}).`,
      { path: deep.path, maxDepth: deep.maxDepth },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError("http.invalid_json", `The request body is not valid JSON: ${(error as Error).message}`);
  }
  const bad = unstorableText(json);
  if (bad) {
    throw new AppError(
      "input.invalid_text",
      bad.kind === "nul"
        ? `The text at ${bad.path} contains a NUL character (U+0000), which cannot be stored; remove it.`
        : `The text at ${bad.path} contains a lone UTF-16 surrogate, which is not a character and cannot be stored; send valid Unicode text.`,
      { path: bad.path },
    );
  }
  return json;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("http.body_too_large", `The request body is larger than ${maxBytes} bytes.`, { maxBytes });
}

/** Turns zod issues into `input.invalid`. */
export function invalidInput(issues: readonly z.core.$ZodIssue[]): AppError {
  const first = issues[0];
  const where = first && first.path.length > 0 ? ` at ${first.path.join(".")}` : "";
  return new AppError("input.invalid", `The request is not valid${where}: ${first?.message ?? "invalid"}.`, {
    issues: issues
      .slice(0, 20)
      .map((issue) => ({ path: issue.path.map(String).join("."), code: issue.code, message: issue.message })),
  });
}

/**
 * Reads and validates a JSON body. An absent body is treated as `{}` when `allowEmpty` is set.
 */
export async function readJson<S extends z.ZodType>(
  c: Context<HttpEnv>,
  schema: S,
  options: { maxBytes?: number; allowEmpty?: boolean } = {},
): Promise<z.output<S>> {
  const text = await readBodyText(c, options.maxBytes);
  let json: unknown = {};
  if (text.trim().length > 0 || !options.allowEmpty) {
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json" && !type.endsWith("+json")) {
      throw new AppError(
        "http.unsupported_media_type",
        "Send the request body as JSON with Content-Type: application/json.",
      );
    }
    json = parseUntrustedJson(text);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return parsed.data;
}

/** Validates query parameters with a zod object schema. */
export function readQuery<S extends z.ZodType>(c: Context<HttpEnv>, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return parsed.data;
}
