/**
 * Installed skills (docs/spec/skills.md "Routes"): list (one scope, or `all`), one skill with its
 * files, one file's bytes, export to `.zip` (re-imports to the same hash: only the package files,
 * same paths and bytes), delete, and move between scopes. Errors: `skill.not_found` (404),
 * `skill.file_not_found` (404), `skill.scope_invalid`, `skill.name_invalid`, `skill.path_*`,
 * `skill.conflict` (409, move onto a different same-name skill without a strategy),
 * `workspace.storage_corrupt` (a file's blob is missing). Changes broadcast `skill.changed`.
 */
import { AppError } from "../../domain/errors";
import { requireSkillName } from "../../domain/skills/names";
import type { SkillFileRef } from "../../domain/skills/package";
import { normalizeSkillPath } from "../../domain/skills/paths";
import { normalizeScopeKey } from "../../domain/skills/scope";
import type { ArchiveFile, SkillIndexEntry } from "../../ports/skill-repository";
import { broadcastSkillChanged, type SkillDeps } from "./deps";
import type { ConflictStrategy } from "./import";

export class SkillLibrary {
  constructor(private readonly deps: SkillDeps) {}

  /** `scope` = a scope, or `all` for every scope. */
  list(scope?: string): { skills: SkillIndexEntry[] } {
    return { skills: scope === "all" ? this.deps.repo.list() : this.deps.repo.list(normalizeScopeKey(scope)) };
  }

  /** The skill and its file list. */
  get(name: string, scope?: string): { skill: SkillIndexEntry; files: SkillFileRef[] } {
    const skill = this.require(name, scope);
    return { skill, files: this.deps.repo.files(skill.scope, skill.name) };
  }

  /** One file's bytes and metadata. */
  file(name: string, rawPath: string, scope?: string): { file: SkillFileRef; data: Uint8Array } {
    const skill = this.require(name, scope);
    const path = normalizeSkillPath(rawPath);
    const file = this.deps.repo.file(skill.scope, skill.name, path);
    if (!file)
      throw new AppError("skill.file_not_found", `The skill "${skill.name}" has no file ${path}.`, {
        name: skill.name,
        path,
      });
    return { file, data: this.bytes(file) };
  }

  /** `{fileName, stream}`: a `.zip` of the package files. */
  export(name: string, scope?: string): { fileName: string; sha256: string; stream: ReadableStream<Uint8Array> } {
    const skill = this.require(name, scope);
    const files = this.deps.repo.files(skill.scope, skill.name);
    const self = this;
    async function* entries(): AsyncGenerator<ArchiveFile> {
      for (const file of files) yield { path: file.path, data: self.bytes(file) };
    }
    return { fileName: `${skill.name}.zip`, sha256: skill.installedHash, stream: this.deps.codec.zip(entries()) };
  }

  delete(name: string, scope?: string): { deleted: true; scope: string; name: string } {
    const skill = this.require(name, scope);
    this.deps.repo.delete(skill.scope, skill.name);
    broadcastSkillChanged(this.deps, { scope: skill.scope, name: skill.name, action: "deleted" });
    return { deleted: true, scope: skill.scope, name: skill.name };
  }

  /** Moves a skill to another scope (same files); see the file docstring for conflicts. */
  move(
    name: string,
    from: string | undefined,
    to: string,
    conflictStrategy?: ConflictStrategy,
  ): { scope: string; name: string; action: "moved" | "skipped" | "already_installed"; skill: SkillIndexEntry | null } {
    const skill = this.require(name, from);
    const target = normalizeScopeKey(to);
    if (target === skill.scope) return { scope: target, name: skill.name, action: "already_installed", skill };
    const existing = this.deps.repo.get(target, skill.name);
    if (existing && existing.installedHash !== skill.installedHash) {
      if (conflictStrategy === "skip") return { scope: target, name: skill.name, action: "skipped", skill: existing };
      if (conflictStrategy !== "replace")
        throw new AppError(
          "skill.conflict",
          `A different skill "${skill.name}" is already in ${target}. Choose replace or skip.`,
          { scope: target, name: skill.name, installedHash: existing.installedHash, hash: skill.installedHash },
        );
    }
    const files = this.deps.repo.files(skill.scope, skill.name);
    this.deps.repo.put({ ...skill, scope: target, installedAt: this.deps.clock.now() }, files);
    this.deps.repo.delete(skill.scope, skill.name);
    broadcastSkillChanged(this.deps, { scope: skill.scope, name: skill.name, action: "moved", to: target });
    return { scope: target, name: skill.name, action: "moved", skill: this.deps.repo.get(target, skill.name) };
  }

  private require(name: string, scope?: string): SkillIndexEntry {
    requireSkillName(name);
    const key = normalizeScopeKey(scope);
    const skill = this.deps.repo.get(key, name);
    if (!skill) throw new AppError("skill.not_found", `There is no skill "${name}" in ${key}.`, { scope: key, name });
    return skill;
  }

  private bytes(file: SkillFileRef): Uint8Array {
    const data = this.deps.blobs.readBytes(file.sha256);
    if (!data)
      throw new AppError("workspace.storage_corrupt", `The stored content of ${file.path} is missing.`, {
        path: file.path,
      });
    return data;
  }
}
