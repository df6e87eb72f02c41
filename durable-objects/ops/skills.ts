/**
 * Skill operations (docs/spec/skills.md; routes in src/http/routes/skills.ts). `skills.preview`
 * receives a `.zip` as a byte stream over RPC (never buffered whole); `skills.export` returns one.
 */
import type { ConflictStrategy, SkillImportInput } from "../../src/application/skills/import";
import { skillImports, skillLibrary } from "../../src/composition/skills";
import { defineOps } from "./registry";

export const skillOps = defineOps({
  "skills.preview": (space, input: { input: SkillImportInput; targetScope?: string }) =>
    skillImports(space).preview(input.input, input.targetScope),
  "skills.install": (space, input: { previewId: string; conflictStrategy?: ConflictStrategy }) =>
    skillImports(space).install(input.previewId, input.conflictStrategy),
  "skills.list": (space, input: { scope?: string }) => skillLibrary(space).list(input.scope),
  "skills.get": (space, input: { name: string; scope?: string }) => skillLibrary(space).get(input.name, input.scope),
  "skills.file": (space, input: { name: string; path: string; scope?: string }) =>
    skillLibrary(space).file(input.name, input.path, input.scope),
  "skills.export": (space, input: { name: string; scope?: string }) =>
    skillLibrary(space).export(input.name, input.scope),
  "skills.delete": (space, input: { name: string; scope?: string }) =>
    skillLibrary(space).delete(input.name, input.scope),
  "skills.move": (space, input: { name: string; from?: string; to: string; conflictStrategy?: ConflictStrategy }) =>
    skillLibrary(space).move(input.name, input.from, input.to, input.conflictStrategy),
});
