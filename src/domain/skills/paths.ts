/**
 * Paths inside a skill package (docs/spec/skills.md "Path rules"). A path is relative, uses `/`
 * (a `\` is read as `/`), and after normalization has no empty, `.` or `..` segment. Codes:
 * - `skill.path_nul` — contains a NUL or another control character;
 * - `skill.path_absolute` — starts with `/` (or `\`);
 * - `skill.path_drive` — starts with a drive prefix like `C:`;
 * - `skill.path_traversal` — a `..` segment;
 * - `skill.path_invalid` — empty, too long, or a `.`/empty segment in the middle.
 * All are 400 and carry `details.path` (control characters shown as `\uXXXX`).
 */
import { AppError, type ErrorCode } from "../errors";
import { SKILL_LIMITS } from "./limits";

/** The manifest file every package has at its root. */
export const SKILL_MANIFEST = "SKILL.md";
/** The optional strict sidecar. */
export const SKILL_SIDECAR = "agents/tauritavern.json";

function shown(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we show escaped
  return raw
    .slice(0, 300)
    .replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function fail(code: ErrorCode, message: string, raw: string): AppError {
  return new AppError(code, message, { path: shown(raw) });
}

/**
 * Normalizes a package path or throws one of the codes above.
 * @returns the path with `/` separators, no leading `./`, no trailing `/`.
 */
export function normalizeSkillPath(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the rule
  if (/[\u0000-\u001f\u007f]/.test(raw))
    throw fail("skill.path_nul", `The path "${shown(raw)}" contains a NUL or control character.`, raw);
  const slashed = raw.replaceAll("\\", "/");
  if (slashed.startsWith("/"))
    throw fail("skill.path_absolute", `The path "${shown(raw)}" is absolute; paths in a skill are relative.`, raw);
  if (/^[A-Za-z]:/.test(slashed))
    throw fail("skill.path_drive", `The path "${shown(raw)}" starts with a drive letter.`, raw);
  const segments = slashed.split("/");
  if (segments.includes(".."))
    throw fail("skill.path_traversal", `The path "${shown(raw)}" leaves the skill with "..".`, raw);
  while (segments[0] === ".") segments.shift();
  if (segments.length > 0 && segments[segments.length - 1] === "") segments.pop();
  if (segments.length === 0 || segments.some((s) => s === "" || s === "."))
    throw fail("skill.path_invalid", `"${shown(raw)}" is not a file path inside the skill.`, raw);
  const path = segments.join("/");
  if (path.length > SKILL_LIMITS.pathChars)
    throw fail("skill.path_invalid", `The path is longer than ${SKILL_LIMITS.pathChars} characters.`, raw);
  return path;
}

/** True for archive noise that is dropped with a warning: `__MACOSX/…`, `.DS_Store`, `Thumbs.db`. */
export function isArchiveNoise(path: string): boolean {
  const last = path.slice(path.lastIndexOf("/") + 1);
  return path.startsWith("__MACOSX/") || last === ".DS_Store" || last === "Thumbs.db";
}

/** Media type by extension (files are never served with it as HTML; see docs/spec/skills.md "Serving files"). */
export function mediaTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return MEDIA_TYPES[ext] ?? "application/octet-stream";
}

const MEDIA_TYPES: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  csv: "text/csv",
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  js: "text/javascript",
  mjs: "text/javascript",
  ts: "text/plain",
  py: "text/x-python",
  sh: "text/x-shellscript",
  xml: "application/xml",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
};
