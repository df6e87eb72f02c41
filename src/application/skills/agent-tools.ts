/**
 * The agent tools `skill.list`, `skill.search`, `skill.read` (docs/spec/skills.md "Agent tools").
 * A run sees the skills of its scopes (global → preset → profile → character; later wins),
 * filtered by its frozen profile's `skills.visible` minus `skills.deny`. Reads are budgeted:
 * one read returns at most `maxReadCharsPerCall` chars (asking for more with `max_chars` →
 * `skill.read_budget_exceeded`; a longer file is cut and marked truncated), and a run reads at
 * most `maxReadCharsPerRun` chars through skill_read and skill_search snippets together
 * (then `skill.read_budget_exhausted`). Every failure is a recoverable ToolError:
 * `skill.not_found`, `skill.not_visible`, `skill.policy_denied`, `skill.invalid_request`,
 * `skill.search_limit_invalid`, `skill.search_limit_too_large`, `skill.search_context_too_large`,
 * `skill.file_not_found`, `skill.file_binary`, `skill.path_*`, `tool.invalid_arguments`.
 */
import { type Args, badArgs, onlyKeys, optInt, optString, reqString } from "../../domain/agent/loop/builtin-args";
import type { ToolOk } from "../../domain/agent/loop/worldinfo";
import { AppError } from "../../domain/errors";
import type { SkillFileRef } from "../../domain/skills/package";
import { normalizeSkillPath, SKILL_MANIFEST } from "../../domain/skills/paths";
import { layerScopes, policyAllows, type SkillPolicy } from "../../domain/skills/resolve";
import { runScopeKeys, type RunSkillScopes } from "../../domain/skills/scope";
import { readWindow } from "../../domain/workspace/read-window";
import { isBinaryText, searchText, type SearchHit } from "../../domain/workspace/search";
import { ToolError } from "../../domain/workspace/tool-error";
import type { SkillIndexEntry, SkillBlobs, SkillRepository } from "../../ports/skill-repository";

/** Who is reading: the run, its scopes and its profile's skill policy. */
export interface SkillToolContext {
  repo: SkillRepository;
  blobs: Pick<SkillBlobs, "readBytes">;
  runId: string;
  scopes: RunSkillScopes;
  policy: SkillPolicy;
}

const SEARCH_MAX_LIMIT = 50;
const SEARCH_MAX_CONTEXT = 5;

function installed(ctx: SkillToolContext): Map<string, SkillIndexEntry> {
  return layerScopes(ctx.repo.listIn(runScopeKeys(ctx.scopes)), ctx.scopes);
}

/** skill.list: `{skills: [{name, description}]}`. */
export function skillList(ctx: SkillToolContext, args: Args): ToolOk {
  onlyKeys(args, [], "skill_list");
  const skills = [...installed(ctx).values()]
    .filter((s) => policyAllows(ctx.policy, s.name) === "visible")
    .map((s) => ({ name: s.name, description: s.description }));
  const content =
    skills.length === 0
      ? "No skills are available to this agent."
      : [
          `${skills.length} skill(s); read one with skill_read {"name": …}:`,
          ...skills.map((s) => `- ${s.name}: ${s.description}`),
        ].join("\n");
  return { content, structured: { skills }, resourceRefs: skills.map((s) => `skills/${s.name}`) };
}

function requireVisible(ctx: SkillToolContext, name: string): SkillIndexEntry {
  const skill = installed(ctx).get(name);
  const visibility = policyAllows(ctx.policy, name);
  if (visibility === "denied")
    throw new ToolError("skill.policy_denied", `The profile denies the skill "${name}".`, { name });
  if (!skill)
    throw new ToolError("skill.not_found", `There is no skill "${name}"; call skill_list to see them.`, { name });
  if (visibility === "not_visible")
    throw new ToolError("skill.not_visible", `The skill "${name}" is not visible to this profile.`, { name });
  return skill;
}

function remainingBudget(ctx: SkillToolContext): number {
  const left = ctx.policy.maxReadCharsPerRun - ctx.repo.runReadChars(ctx.runId);
  if (left <= 0)
    throw new ToolError(
      "skill.read_budget_exhausted",
      `This run has read its ${ctx.policy.maxReadCharsPerRun} skill characters; no more skill reads are possible.`,
      { maxReadCharsPerRun: ctx.policy.maxReadCharsPerRun },
    );
  return left;
}

function skillPath(raw: string | undefined): string {
  try {
    return normalizeSkillPath(raw ?? SKILL_MANIFEST);
  } catch (error) {
    if (error instanceof AppError) throw new ToolError(error.code, error.message, error.details);
    throw error;
  }
}

function textOf(ctx: SkillToolContext, skill: SkillIndexEntry, file: SkillFileRef): string {
  const bytes = ctx.blobs.readBytes(file.sha256);
  if (!bytes) throw new AppError("workspace.storage_corrupt", `The stored content of ${file.path} is missing.`);
  return new TextDecoder().decode(bytes);
}

/** skill.read (see the file docstring). */
export function skillRead(ctx: SkillToolContext, args: Args): ToolOk {
  onlyKeys(args, ["name", "path", "max_chars", "start_line", "line_count", "start_char"], "skill_read");
  const name = reqString(args, "name");
  const maxChars = optInt(args, "max_chars", 1);
  const startLine = optInt(args, "start_line", 1);
  const lineCount = optInt(args, "line_count", 1);
  const startChar = optInt(args, "start_char", 0);
  const lines = startLine !== undefined || lineCount !== undefined;
  if (lines && (startChar !== undefined || maxChars !== undefined))
    throw new ToolError(
      "skill.invalid_request",
      "Use either a line range (start_line, line_count) or a character range (start_char, max_chars), not both.",
    );
  const skill = requireVisible(ctx, name);
  const path = skillPath(optString(args, "path"));
  const perCall = ctx.policy.maxReadCharsPerCall;
  if (maxChars !== undefined && maxChars > perCall)
    throw new ToolError(
      "skill.read_budget_exceeded",
      `max_chars ${maxChars} is more than the ${perCall} characters one skill read may return.`,
      { maxReadCharsPerCall: perCall },
    );
  const allowed = Math.min(perCall, remainingBudget(ctx));
  const file = ctx.repo.file(skill.scope, skill.name, path);
  if (!file) throw new ToolError("skill.file_not_found", `The skill "${name}" has no file ${path}.`, { name, path });
  if (file.kind === "binary")
    throw new ToolError("skill.file_binary", `${path} in "${name}" is a binary file and cannot be read as text.`);
  const text = textOf(ctx, skill, file);
  const ref = `skills/${name}/${path}`;
  let window: ReturnType<typeof readWindow>;
  try {
    window = lines
      ? readWindow(ref, file.sha256, text, file.sizeBytes, {
          path: ref,
          mode: "lines",
          startLine: startLine ?? 1,
          lineCount,
        })
      : readWindow(ref, file.sha256, text, file.sizeBytes, {
          path: ref,
          mode: "chars",
          startChar: startChar ?? 0,
          maxChars: Math.min(maxChars ?? allowed, allowed),
        });
    if (window.result.chars > allowed)
      window = readWindow(ref, file.sha256, text, file.sizeBytes, {
        path: ref,
        mode: "chars",
        startChar: window.result.startChar,
        maxChars: allowed,
      });
  } catch (error) {
    if (error instanceof ToolError) throw new ToolError("skill.invalid_request", error.message);
    throw error;
  }
  const r = window.result;
  ctx.repo.addRunReadChars(ctx.runId, r.chars);
  const resourceRef = `${ref}#L${r.startLine}-L${r.endLine}`;
  return {
    content: window.content,
    structured: {
      name,
      path,
      sha256: r.sha256,
      chars: r.chars,
      words: r.words,
      totalChars: r.totalChars,
      totalWords: r.totalWords,
      startChar: r.startChar,
      endChar: r.endChar,
      truncated: r.truncated,
      totalLines: r.totalLines,
      startLine: r.startLine,
      endLine: r.endLine,
      resourceRef,
    },
    resourceRefs: [resourceRef],
  };
}

/** skill.search (see the file docstring). */
export function skillSearch(ctx: SkillToolContext, args: Args): ToolOk {
  onlyKeys(args, ["name", "query", "path", "limit", "context_lines"], "skill_search");
  const name = reqString(args, "name");
  const query = reqString(args, "query");
  if (query.trim() === "") throw badArgs('"query" must not be empty.');
  const limit = optInt(args, "limit", Number.MIN_SAFE_INTEGER) ?? 20;
  if (limit < 1) throw new ToolError("skill.search_limit_invalid", `limit must be between 1 and ${SEARCH_MAX_LIMIT}.`);
  if (limit > SEARCH_MAX_LIMIT)
    throw new ToolError(
      "skill.search_limit_too_large",
      `limit ${limit} is too large; the maximum is ${SEARCH_MAX_LIMIT}.`,
    );
  const contextLines = optInt(args, "context_lines", 0) ?? 2;
  if (contextLines > SEARCH_MAX_CONTEXT)
    throw new ToolError(
      "skill.search_context_too_large",
      `context_lines ${contextLines} is too large; the maximum is ${SEARCH_MAX_CONTEXT}.`,
    );
  const skill = requireVisible(ctx, name);
  const rawPath = optString(args, "path");
  const scopePath = rawPath === undefined || rawPath === "" || rawPath === "." ? undefined : skillPath(rawPath);
  let remaining = remainingBudget(ctx);
  const files = ctx.repo
    .files(skill.scope, skill.name)
    .filter((f) => !scopePath || f.path === scopePath || f.path.startsWith(`${scopePath}/`));
  if (scopePath && files.length === 0)
    throw new ToolError("skill.file_not_found", `The skill "${name}" has no file or folder ${scopePath}.`);
  let searchedFiles = 0;
  let skippedFiles = 0;
  const hits: SearchHit[] = [];
  for (const file of files) {
    if (file.kind === "binary") {
      skippedFiles += 1;
      continue;
    }
    const text = textOf(ctx, skill, file);
    if (isBinaryText(text)) {
      skippedFiles += 1;
      continue;
    }
    searchedFiles += 1;
    hits.push(...searchText(file.path, file.sha256, text, query, contextLines));
  }
  hits.sort(
    (a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.startLine - b.startLine,
  );
  let truncated = hits.length > limit;
  const shown: Array<Omit<SearchHit, "ref"> & { resourceRef: string }> = [];
  let returnedChars = 0;
  let returnedWords = 0;
  for (const hit of hits.slice(0, limit)) {
    if (hit.chars > remaining) {
      truncated = true;
      break;
    }
    remaining -= hit.chars;
    returnedChars += hit.chars;
    returnedWords += hit.words;
    const { ref: _ref, ...rest } = hit;
    shown.push({ ...rest, resourceRef: `skills/${name}/${hit.path}#L${hit.startLine}-L${hit.endLine}` });
  }
  if (returnedChars > 0) ctx.repo.addRunReadChars(ctx.runId, returnedChars);
  const content =
    shown.length === 0
      ? `No matches for "${query}" in skill ${name} (searched ${searchedFiles} files).`
      : [
          `${shown.length} hit(s) for "${query}" in skill ${name}${truncated ? " (truncated)" : ""}:`,
          ...shown.map((h) => `${h.resourceRef} score ${h.score}\n${h.snippet}`),
        ].join("\n\n");
  return {
    content,
    structured: { name, query, hits: shown, searchedFiles, skippedFiles, truncated, returnedChars, returnedWords },
    resourceRefs: shown.map((h) => h.resourceRef),
  };
}
