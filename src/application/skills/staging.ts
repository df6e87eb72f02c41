/**
 * Staging an import (docs/spec/skills.md "Import"): every entry of a `.zip`, of a JSON
 * `{files}` body or a single `SKILL.md` goes through the same checks before it is stored in the
 * blob store: path rules (paths.ts codes), archive noise dropped with a warning, duplicates
 * (`skill.path_duplicate`), ≤ 1000 files, ≤ 8 MiB each, ≤ 64 MiB in all (inline inputs; the zip
 * reader enforces the same while inflating). Text = valid UTF-8 without NUL.
 */
import { AppError } from "../../domain/errors";
import { SKILL_LIMITS } from "../../domain/skills/limits";
import { type SkillFileRef, type SkillWarning, skillWarning } from "../../domain/skills/package";
import { isArchiveNoise, mediaTypeOf, normalizeSkillPath } from "../../domain/skills/paths";
import type { SkillDeps } from "./deps";

/** Files kept in memory as text for validation (SKILL.md and the sidecar, at the root or one folder down). */
function keepsText(path: string): boolean {
  const depth = path.split("/").length;
  return (path.endsWith("SKILL.md") && depth <= 2) || (path.endsWith("agents/tauritavern.json") && depth <= 3);
}

const decoder = new TextDecoder("utf-8", { fatal: true });

function asText(data: Uint8Array): string | null {
  try {
    const text = decoder.decode(data);
    return text.includes("\u0000") ? null : text;
  } catch {
    return null;
  }
}

/** Collects staged files; call `add` per entry, then read `files`, `warnings`, `text(path)`. */
export class SkillStaging {
  readonly files: SkillFileRef[] = [];
  readonly warnings: SkillWarning[] = [];
  private readonly texts = new Map<string, string>();
  private readonly seen = new Set<string>();
  private total = 0;

  constructor(private readonly deps: SkillDeps) {}

  /** Checks and stores one entry. Throws the codes in the file docstring. */
  async add(rawPath: string, data: Uint8Array): Promise<void> {
    const path = normalizeSkillPath(rawPath);
    if (isArchiveNoise(path)) {
      this.warnings.push(skillWarning("skill.archive_noise_skipped", `${path} was left out.`, path));
      return;
    }
    if (this.seen.has(path)) throw new AppError("skill.path_duplicate", `The package lists ${path} twice.`, { path });
    this.seen.add(path);
    if (this.files.length + 1 > SKILL_LIMITS.files)
      throw new AppError("skill.too_many_files", `The package has more than ${SKILL_LIMITS.files} files.`, {
        maxFiles: SKILL_LIMITS.files,
      });
    if (data.byteLength > SKILL_LIMITS.fileBytes)
      throw new AppError("skill.file_too_large", `${path} is larger than 8 MiB.`, {
        path,
        maxBytes: SKILL_LIMITS.fileBytes,
      });
    this.total += data.byteLength;
    if (this.total > SKILL_LIMITS.totalBytes)
      throw new AppError("skill.unpacked_too_large", "The package is larger than 64 MiB unpacked.", {
        maxBytes: SKILL_LIMITS.totalBytes,
      });
    const text = asText(data);
    if (text !== null && keepsText(path)) this.texts.set(path, text);
    const stored = await this.deps.blobs.putBytes(data);
    this.files.push({
      path,
      sha256: stored.sha256,
      sizeBytes: data.byteLength,
      kind: text === null ? "binary" : "text",
      mediaType: mediaTypeOf(path),
    });
  }

  /** Text of a kept file by its staged path, or by its path below a single wrapping folder. */
  text(path: string): string | null {
    const exact = this.texts.get(path);
    if (exact !== undefined) return exact;
    for (const [key, text] of this.texts)
      if (key.endsWith(`/${path}`) && key.split("/").length === path.split("/").length + 1) return text;
    return null;
  }
}
