/**
 * Skill import: preview, then install (docs/spec/skills.md "Import"; §4 of the contract).
 * - `preview(input, targetScope)` stages the files in the blob store, validates the package and
 *   compares with what `targetScope` holds: conflict `new` | `same` (same hash) | `different`.
 *   The preview is kept for one hour (`skill.preview_not_found` after that); job
 *   `skills.preview_expire` drops it then and sweeps blobs nothing else uses.
 * - `install(previewId, conflictStrategy?)`: `new` → `installed`; `same` → `already_installed`;
 *   `different` → `replaced` (`replace`), `skipped` (`skip`), or `skill.conflict` (409) without a
 *   strategy (the preview is kept so the user can choose). Broadcasts `skill.changed`.
 */
import { randomSecret } from "../../domain/ids";
import { AppError } from "../../domain/errors";
import { SKILL_LIMITS } from "../../domain/skills/limits";
import { SKILL_MANIFEST } from "../../domain/skills/paths";
import {
  type SkillFileRef,
  type SkillPackageInfo,
  type SkillWarning,
  validatePackage,
} from "../../domain/skills/package";
import { normalizeScopeKey } from "../../domain/skills/scope";
import type { SkillIndexEntry } from "../../ports/skill-repository";
import { broadcastSkillChanged, PREVIEW_EXPIRY_JOB, type SkillDeps } from "./deps";
import { SkillStaging } from "./staging";

/** What can be imported. */
export type SkillImportInput =
  | { kind: "archive"; body: ReadableStream<Uint8Array> }
  | { kind: "files"; files: Array<{ path: string; content: string; encoding?: "utf8" | "utf-8" | "base64" }> }
  | { kind: "manifest"; text: string };

export type ConflictKind = "new" | "same" | "different";
export type ConflictStrategy = "skip" | "replace";
export type InstallAction = "installed" | "replaced" | "already_installed" | "skipped";

/** `POST /skills/import/preview` result. */
export interface SkillImportPreview {
  previewId: string;
  targetScope: string;
  name: string;
  description: string;
  hash: string;
  files: SkillFileRef[];
  fileCount: number;
  totalBytes: number;
  hasScripts: boolean;
  hasBinary: boolean;
  warnings: SkillWarning[];
  conflict: { kind: ConflictKind; installedHash?: string };
  expiresAt: number;
}

/** `POST /skills/import` result. */
export interface SkillInstallResult {
  scope: string;
  name: string;
  action: InstallAction;
  skill: SkillIndexEntry | null;
}

function decodeInline(file: { path: string; content: string; encoding?: string }): Uint8Array {
  if (file.encoding === "base64") {
    try {
      return Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
    } catch {
      throw new AppError("skill.invalid_request", `${file.path.slice(0, 300)} is not valid base64.`, {
        path: file.path.slice(0, 300),
      });
    }
  }
  return new TextEncoder().encode(file.content);
}

export function conflictWith(existing: SkillIndexEntry | null, hash: string): SkillImportPreview["conflict"] {
  if (!existing) return { kind: "new" };
  return { kind: existing.installedHash === hash ? "same" : "different", installedHash: existing.installedHash };
}

export function entryFor(scope: string, pkg: SkillPackageInfo, installedAt: number): SkillIndexEntry {
  return {
    scope,
    name: pkg.name,
    description: pkg.description,
    ...(pkg.displayName ? { displayName: pkg.displayName } : {}),
    ...(pkg.sourceKind ? { sourceKind: pkg.sourceKind } : {}),
    ...(pkg.license ? { license: pkg.license } : {}),
    ...(pkg.author ? { author: pkg.author } : {}),
    ...(pkg.version ? { version: pkg.version } : {}),
    tags: pkg.tags,
    installedHash: pkg.hash,
    fileCount: pkg.fileCount,
    totalBytes: pkg.totalBytes,
    hasScripts: pkg.hasScripts,
    hasBinary: pkg.hasBinary,
    installedAt,
  };
}

export class SkillImportService {
  constructor(private readonly deps: SkillDeps) {}

  /** Stages and validates; see the file docstring. Throws every staging/package/zip code. */
  async preview(input: SkillImportInput, targetScope?: string): Promise<SkillImportPreview> {
    const scope = normalizeScopeKey(targetScope);
    const now = this.deps.clock.now();
    this.deps.repo.deleteExpiredPreviews(now);
    const staging = new SkillStaging(this.deps);
    if (input.kind === "archive") {
      await this.deps.codec.unzip(input.body, (name, data) => staging.add(name, data));
    } else if (input.kind === "files") {
      if (input.files.length === 0) throw new AppError("skill.manifest_missing", "The import lists no files.");
      for (const file of input.files) await staging.add(file.path, decodeInline(file));
    } else {
      await staging.add(SKILL_MANIFEST, new TextEncoder().encode(input.text));
    }
    const pkg = await validatePackage(
      staging.files,
      { text: (path) => staging.text(path), parseYaml: (text) => this.deps.codec.parseYaml(text) },
      staging.warnings,
    );
    const previewId = `skp_${randomSecret(12)}`;
    const expiresAt = now + SKILL_LIMITS.previewTtlMs;
    this.deps.repo.putPreview({ previewId, targetScope: scope, package: pkg, createdAt: now, expiresAt });
    this.deps.scheduler.schedule(PREVIEW_EXPIRY_JOB, previewId, expiresAt);
    return {
      previewId,
      targetScope: scope,
      name: pkg.name,
      description: pkg.description,
      hash: pkg.hash,
      files: pkg.files,
      fileCount: pkg.fileCount,
      totalBytes: pkg.totalBytes,
      hasScripts: pkg.hasScripts,
      hasBinary: pkg.hasBinary,
      warnings: pkg.warnings,
      conflict: conflictWith(this.deps.repo.get(scope, pkg.name), pkg.hash),
      expiresAt,
    };
  }

  /** Installs a preview; see the file docstring. Errors `skill.preview_not_found` (404), `skill.conflict` (409). */
  install(previewId: string, conflictStrategy?: ConflictStrategy): SkillInstallResult {
    const now = this.deps.clock.now();
    this.deps.repo.deleteExpiredPreviews(now);
    const preview = this.deps.repo.getPreview(previewId);
    if (!preview)
      throw new AppError(
        "skill.preview_not_found",
        "This import preview no longer exists (previews are kept for one hour). Choose the file again.",
        { previewId },
      );
    const pkg = preview.package;
    const scope = preview.targetScope;
    const existing = this.deps.repo.get(scope, pkg.name);
    const conflict = conflictWith(existing, pkg.hash);
    let action: InstallAction;
    if (conflict.kind === "same") action = "already_installed";
    else if (conflict.kind === "new") action = "installed";
    else if (conflictStrategy === "replace") action = "replaced";
    else if (conflictStrategy === "skip") action = "skipped";
    else
      throw new AppError(
        "skill.conflict",
        `A different skill "${pkg.name}" is already installed in ${scope}. Choose replace or skip.`,
        { scope, name: pkg.name, installedHash: existing?.installedHash, hash: pkg.hash },
      );
    if (action === "installed" || action === "replaced") {
      this.deps.repo.put(entryFor(scope, pkg, now), pkg.files);
      broadcastSkillChanged(this.deps, { scope, name: pkg.name, action });
    }
    this.deps.repo.deletePreview(previewId);
    this.deps.scheduler.cancel(PREVIEW_EXPIRY_JOB, previewId);
    return { scope, name: pkg.name, action, skill: this.deps.repo.get(scope, pkg.name) };
  }

  /** Job `skills.preview_expire`: drops expired previews and sweeps unused blobs. Returns how many previews. */
  expirePreviews(): number {
    const dropped = this.deps.repo.deleteExpiredPreviews(this.deps.clock.now());
    if (dropped > 0) this.deps.sweepBlobs();
    return dropped;
  }
}
