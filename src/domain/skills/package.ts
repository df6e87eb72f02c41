/**
 * Validating a staged skill package (docs/spec/skills.md "Package", "Hash", "Warnings"). The files
 * are already stored (blobs) and checked one by one (paths, sizes); this looks at the set:
 * - a single wrapping folder (`my-skill/SKILL.md`, as zip tools make) is unwrapped;
 * - `SKILL.md` is required (`skill.manifest_missing`), UTF-8 (`skill.manifest_not_text`), ≤ 1 MiB
 *   (`skill.manifest_too_large`), and starts with YAML frontmatter (`skill.frontmatter_invalid`)
 *   with `name` (`skill.name_invalid`) and `description` (`skill.description_missing`);
 * - `agents/tauritavern.json` is strict when present (`skill.sidecar_invalid`);
 * - the package hash is SHA-256 over the sorted lines `<path>\0<file sha256>\n` (so an export
 *   re-imports to the same hash).
 * The YAML parser is passed in (domain code imports no library).
 */
import { AppError } from "../errors";
import { sha256Hex } from "../ids";
import { SKILL_LIMITS } from "./limits";
import { isSkillName } from "./names";
import { SKILL_MANIFEST, SKILL_SIDECAR } from "./paths";

/** One stored file of a package. `kind` text = valid UTF-8 without NUL. */
export interface SkillFileRef {
  path: string;
  sha256: string;
  sizeBytes: number;
  kind: "text" | "binary";
  mediaType: string;
}

/**
 * Preview warning codes: notes shown next to a successful preview, not errors (so they are not in
 * the error catalogue, docs/spec/skills.md "Import").
 */
export type SkillWarningCode =
  | "skill.archive_noise_skipped"
  | "skill.binary_files"
  | "skill.folder_unwrapped"
  | "skill.scripts_present"
  | "skill.unexpected_path";

/** A non-fatal note shown in the preview. */
export interface SkillWarning {
  code: SkillWarningCode;
  message: string;
  path?: string;
}

/** Builds a preview warning. */
export function skillWarning(kind: SkillWarningCode, message: string, path?: string): SkillWarning {
  return path === undefined ? { code: kind, message } : { code: kind, message, path };
}

/** The §4 index fields a package yields. */
export interface SkillPackageInfo {
  name: string;
  description: string;
  displayName?: string;
  sourceKind?: string;
  license?: string;
  author?: string;
  version?: string;
  tags: string[];
  hash: string;
  fileCount: number;
  totalBytes: number;
  hasScripts: boolean;
  hasBinary: boolean;
  files: SkillFileRef[];
  warnings: SkillWarning[];
}

const KNOWN_DIRS = ["references/", "examples/", "assets/", "scripts/", "agents/"];

/** Removes a single wrapping folder when SKILL.md is not at the root but `<dir>/SKILL.md` is. */
export function unwrapFolder(files: SkillFileRef[]): { files: SkillFileRef[]; folder?: string } {
  if (files.some((f) => f.path === SKILL_MANIFEST)) return { files };
  const tops = new Set(files.map((f) => (f.path.includes("/") ? f.path.slice(0, f.path.indexOf("/")) : "")));
  if (tops.size !== 1) return { files };
  const [top] = [...tops];
  if (!top || !files.some((f) => f.path === `${top}/${SKILL_MANIFEST}`)) return { files };
  return { files: files.map((f) => ({ ...f, path: f.path.slice(top.length + 1) })), folder: top };
}

/** The package hash (see file docstring). */
export async function packageHash(files: readonly SkillFileRef[]): Promise<string> {
  const lines = [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => `${f.path}\u0000${f.sha256}\n`)
    .join("");
  return sha256Hex(lines);
}

function frontmatterError(message: string): AppError {
  return new AppError("skill.frontmatter_invalid", `SKILL.md frontmatter: ${message}`);
}

/** The YAML text between the leading `---` line and the next `---` line, or null. */
export function frontmatterText(manifest: string): string | null {
  const text = manifest.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  if (!text.startsWith("---\n")) return null;
  const end = text.indexOf("\n---", 3);
  if (end < 0) return null;
  const after = text.slice(end + 4);
  if (after !== "" && !after.startsWith("\n") && !/^-*\s*\n/.test(after)) return null;
  return text.slice(4, end + 1);
}

type Fields = Omit<
  SkillPackageInfo,
  "hash" | "fileCount" | "totalBytes" | "hasScripts" | "hasBinary" | "files" | "warnings"
>;

function optText(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") throw frontmatterError(`"${key}" must be text.`);
  return value;
}

function stringList(value: unknown, where: string, error: (m: string) => AppError): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string"))
    throw error(`"${where}" must be a list of strings.`);
  return value as string[];
}

/** Reads name/description/license/metadata from the frontmatter object. */
export function readFrontmatter(data: unknown): Fields {
  if (data === null || typeof data !== "object" || Array.isArray(data))
    throw frontmatterError("the frontmatter must be a YAML mapping with name and description.");
  const fm = data as Record<string, unknown>;
  const name = fm.name;
  if (typeof name !== "string" || !isSkillName(name))
    throw new AppError(
      "skill.name_invalid",
      `SKILL.md frontmatter "name" must be 1 to 128 lowercase letters a-z, digits, "-" or "_"${typeof name === "string" ? ` (got "${name.slice(0, 140)}")` : ""}.`,
    );
  const description = fm.description;
  if (typeof description !== "string" || description.trim() === "")
    throw new AppError("skill.description_missing", 'SKILL.md frontmatter needs a non-empty "description".');
  const metadata = fm.metadata;
  if (metadata !== undefined && (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)))
    throw frontmatterError('"metadata" must be a mapping.');
  const meta = (metadata ?? {}) as Record<string, unknown>;
  const license = optText(fm.license, "license");
  const author = optText(meta.author, "metadata.author");
  const version = optText(meta.version, "metadata.version");
  return {
    name,
    description: description.trim().slice(0, SKILL_LIMITS.descriptionChars),
    ...(license !== undefined ? { license } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(version !== undefined ? { version } : {}),
    tags: stringList(meta.tags, "metadata.tags", frontmatterError),
  };
}

const SIDECAR_KEYS = [
  "version",
  "displayName",
  "sourceKind",
  "allowImplicitInvocation",
  "recommendedTools",
  "recommendedContext",
  "tags",
  "notes",
];

function sidecarError(message: string): AppError {
  return new AppError("skill.sidecar_invalid", `${SKILL_SIDECAR}: ${message}`);
}

/** Strict sidecar check; returns displayName/sourceKind/tags. */
export function readSidecar(text: string): { displayName?: string; sourceKind?: string; tags: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw sidecarError("is not valid JSON.");
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw sidecarError("must be a JSON object.");
  const doc = data as Record<string, unknown>;
  for (const key of Object.keys(doc)) if (!SIDECAR_KEYS.includes(key)) throw sidecarError(`unknown field "${key}".`);
  if (doc.version !== 1) throw sidecarError('"version" must be 1.');
  for (const key of ["displayName", "sourceKind", "notes"])
    if (doc[key] !== undefined && typeof doc[key] !== "string") throw sidecarError(`"${key}" must be a string.`);
  if (doc.allowImplicitInvocation !== undefined && typeof doc.allowImplicitInvocation !== "boolean")
    throw sidecarError('"allowImplicitInvocation" must be true or false.');
  stringList(doc.recommendedTools, "recommendedTools", sidecarError);
  const context = doc.recommendedContext;
  if (context !== undefined) {
    if (context === null || typeof context !== "object" || Array.isArray(context))
      throw sidecarError('"recommendedContext" must be an object.');
    const ctx = context as Record<string, unknown>;
    for (const key of Object.keys(ctx))
      if (key !== "defaultBudgetTokens" && key !== "preferredMode")
        throw sidecarError(`unknown field "recommendedContext.${key}".`);
    if (ctx.defaultBudgetTokens !== undefined && !Number.isInteger(ctx.defaultBudgetTokens))
      throw sidecarError('"recommendedContext.defaultBudgetTokens" must be an integer.');
    if (ctx.preferredMode !== undefined && typeof ctx.preferredMode !== "string")
      throw sidecarError('"recommendedContext.preferredMode" must be a string.');
  }
  return {
    ...(typeof doc.displayName === "string" ? { displayName: doc.displayName } : {}),
    ...(typeof doc.sourceKind === "string" ? { sourceKind: doc.sourceKind } : {}),
    tags: stringList(doc.tags, "tags", sidecarError),
  };
}

/** What validatePackage needs besides the file list. */
export interface PackageTexts {
  /** Text of a file by its (unwrapped) path; null when binary or absent. */
  text(path: string): string | null;
  parseYaml(text: string): unknown;
}

/**
 * Validates the staged files and computes the index fields (codes in the file docstring).
 * `warnings` from staging (skipped noise) are kept in front.
 */
export async function validatePackage(
  staged: SkillFileRef[],
  texts: PackageTexts,
  stagingWarnings: SkillWarning[] = [],
): Promise<SkillPackageInfo> {
  const { files, folder } = unwrapFolder(staged);
  const warnings = [...stagingWarnings];
  if (folder) warnings.push(skillWarning("skill.folder_unwrapped", `The files were inside the folder "${folder}/".`));
  const manifest = files.find((f) => f.path === SKILL_MANIFEST);
  if (!manifest)
    throw new AppError(
      "skill.manifest_missing",
      "The package has no SKILL.md at its root (a skill needs SKILL.md with name and description).",
    );
  if (manifest.sizeBytes > SKILL_LIMITS.manifestBytes)
    throw new AppError("skill.manifest_too_large", `SKILL.md is larger than ${SKILL_LIMITS.manifestBytes} bytes.`, {
      maxBytes: SKILL_LIMITS.manifestBytes,
    });
  const manifestText = manifest.kind === "text" ? texts.text(manifest.path) : null;
  if (manifestText === null) throw new AppError("skill.manifest_not_text", "SKILL.md is not UTF-8 text.");
  const yamlText = frontmatterText(manifestText);
  if (yamlText === null)
    throw frontmatterError('SKILL.md must start with a "---" line, YAML with name and description, then "---".');
  let data: unknown;
  try {
    data = texts.parseYaml(yamlText);
  } catch (error) {
    throw frontmatterError(
      `the YAML does not parse (${error instanceof Error ? error.message.split("\n")[0] : "invalid"}).`,
    );
  }
  const fields = readFrontmatter(data);
  const sidecarFile = files.find((f) => f.path === SKILL_SIDECAR);
  let sidecar: ReturnType<typeof readSidecar> = { tags: [] };
  if (sidecarFile) {
    const text = sidecarFile.kind === "text" ? texts.text(sidecarFile.path) : null;
    if (text === null) throw sidecarError("is not UTF-8 text.");
    sidecar = readSidecar(text);
  }
  const hasScripts = files.some((f) => f.path.startsWith("scripts/"));
  const binary = files.filter((f) => f.kind === "binary");
  if (hasScripts)
    warnings.push(
      skillWarning("skill.scripts_present", "The skill contains scripts/. They are kept as files and never run."),
    );
  if (binary.length > 0)
    warnings.push(
      skillWarning("skill.binary_files", `${binary.length} binary file(s) are kept but the agent cannot read them.`),
    );
  for (const f of files)
    if (f.path !== SKILL_MANIFEST && !KNOWN_DIRS.some((d) => f.path.startsWith(d)))
      warnings.push(
        skillWarning(
          "skill.unexpected_path",
          `${f.path} is outside references/, examples/, assets/, scripts/ and agents/; it is kept.`,
          f.path,
        ),
      );
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const tags = [...new Set([...fields.tags, ...sidecar.tags])];
  return {
    ...fields,
    ...(sidecar.displayName ? { displayName: sidecar.displayName } : {}),
    ...(sidecar.sourceKind ? { sourceKind: sidecar.sourceKind } : {}),
    tags,
    hash: await packageHash(sorted),
    fileCount: sorted.length,
    totalBytes: sorted.reduce((sum, f) => sum + f.sizeBytes, 0),
    hasScripts,
    hasBinary: binary.length > 0,
    files: sorted,
    warnings,
  };
}
