/**
 * Static scan of src/ and durable-objects/ for error codes at raise sites, used by catalogue.test.ts.
 * A raise site is: the first argument of `new <X>Error(` or `super(`; the value of a `code`,
 * `errorCode` or `reasonCode` property; the first argument of a call to any function whose first
 * parameter is named `code` (notSent, outcomeUnknown, skip, issue, profileError, …); the initializer of
 * a declaration typed with ErrorCode. Codes are dotted string literals (`"mcp.tool_name_empty"`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../../..");
export const CATALOGUE_DIR = "src/domain/errors/catalogue";

const CODE_LITERAL = /"([a-z][a-z0-9_]*\.[a-z][a-z0-9_]*)"/g;

/** A code found in the source: where, and whether it was at a raise site. */
export interface CodeSite {
  code: string;
  file: string;
  line: number;
}

/** Every .ts file under src/ and durable-objects/ except the catalogue itself, relative to ROOT. */
export function scannedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      const rel = `${dir}/${name}`;
      if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel);
      else if (rel.endsWith(".ts") && !rel.endsWith(".d.ts") && !rel.startsWith(`${CATALOGUE_DIR}/`)) out.push(rel);
    }
  };
  walk("src");
  walk("durable-objects");
  return out;
}

/** The text of one argument or initializer starting at `start`: up to a top-level `,` `;` or closing bracket. */
function expressionAt(text: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) {
      if (depth === 0) return text.slice(start, i);
      depth--;
    } else if ((ch === "," || ch === ";") && depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

const HELPER_DECLARATION =
  /(?:function\s+(\w+)\s*\(|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?\(|^\s*(?:(?:private|public|protected|static|async)\s+)*(\w+)\s*\()\s*code\s*:/gm;
const TYPED_DECLARATION = /(?:const|let)\s+\w+\s*:\s*[^=;]*\bErrorCode\b[^=;]*=\s*/g;

/** Names of functions whose first parameter is `code` (they raise what they are given). */
export function codeHelpers(texts: ReadonlyMap<string, string>): Set<string> {
  const names = new Set<string>();
  for (const text of texts.values())
    for (const m of text.matchAll(HELPER_DECLARATION)) {
      const name = m[1] ?? m[2] ?? m[3];
      if (name && !["if", "for", "while", "switch", "catch", "function"].includes(name)) names.add(name);
    }
  return names;
}

/** Codes at raise sites in `text` (see the file comment). */
export function raisedCodes(file: string, text: string, helpers: ReadonlySet<string>): CodeSite[] {
  const helperAlt = [...helpers].map((h) => h.replace(/\$/g, "\\$")).join("|");
  const site = new RegExp(
    `\\bnew\\s+\\w*Error\\s*\\(|\\bsuper\\s*\\(|\\b(?:code|errorCode|reasonCode)\\s*:\\s*${helperAlt ? `|\\b(?:${helperAlt})\\s*\\(` : ""}`,
    "g",
  );
  const found: CodeSite[] = [];
  const collect = (start: number, at: number) => {
    const line = text.slice(0, at).split("\n").length;
    for (const m of expressionAt(text, start).matchAll(CODE_LITERAL)) found.push({ code: m[1]!, file, line });
  };
  for (const m of text.matchAll(site)) collect(m.index + m[0].length, m.index);
  for (const m of text.matchAll(TYPED_DECLARATION)) collect(m.index + m[0].length, m.index);
  return found;
}

/** Every file's text, by relative path. */
export function readSources(): Map<string, string> {
  return new Map(scannedFiles().map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
}

/** Every dotted string literal anywhere in the scanned files (for "is this code used at all"). */
export function allLiterals(texts: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>();
  for (const text of texts.values()) for (const m of text.matchAll(CODE_LITERAL)) out.add(m[1]!);
  return out;
}
