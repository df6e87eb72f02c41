/**
 * The skill tools (docs/spec/skills.md "Resolution", "Agent tools"): scope override order, deny
 * wins over visible, per-call and per-run read budgets, search budgets and codes.
 */
import { describe, expect, it } from "vitest";
import { skillList, skillRead, skillSearch, type SkillToolContext } from "../../../src/application/skills/agent-tools";
import type { SkillPolicy } from "../../../src/domain/skills/resolve";
import { ToolError } from "../../../src/domain/workspace/tool-error";
import { MemorySkills } from "../../fakes/memory-skills";

const ALL: SkillPolicy = { visible: ["*"], deny: [], maxReadCharsPerCall: 20_000, maxReadCharsPerRun: 80_000 };

function context(repo: MemorySkills, policy: Partial<SkillPolicy> = {}, runId = "run_1"): SkillToolContext {
  return {
    repo,
    blobs: repo,
    runId,
    scopes: { preset: "noir", profileId: "writer", characterId: "char-7" },
    policy: { ...ALL, ...policy },
  };
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as ToolError).code;
  }
  throw new Error("expected a ToolError");
}

describe("skill scopes: global → preset → profile → character", () => {
  it("a later scope overrides a same-name skill; other scopes' skills are not seen", () => {
    const repo = new MemorySkills();
    repo.add("global", "style", { "SKILL.md": "global style" });
    repo.add("preset:noir", "style", { "SKILL.md": "preset style" });
    repo.add("profile:writer", "style", { "SKILL.md": "profile style" });
    repo.add("global", "lore", { "SKILL.md": "global lore" });
    repo.add("preset:noir", "lore", { "SKILL.md": "preset lore" });
    repo.add("character:char-7", "voice", { "SKILL.md": "character voice" });
    repo.add("character:char-7", "style", { "SKILL.md": "character style" });
    repo.add("profile:other", "secret", { "SKILL.md": "other profile" });
    repo.add("preset:other", "lore", { "SKILL.md": "other preset" });
    const ctx = context(repo);
    const listed = skillList(ctx, {}).structured as { skills: Array<{ name: string; description: string }> };
    expect(listed.skills).toEqual([
      { name: "lore", description: "lore in preset:noir" },
      { name: "style", description: "style in character:char-7" },
      { name: "voice", description: "voice in character:char-7" },
    ]);
    expect(skillRead(ctx, { name: "style" }).content).toContain("character style");
    expect(skillRead(ctx, { name: "lore" }).content).toContain("preset lore");
    expect(codeOf(() => skillRead(ctx, { name: "secret" }))).toBe("skill.not_found");

    const noCharacter = { ...ctx, scopes: { profileId: "writer" } };
    expect(skillRead(noCharacter, { name: "style" }).content).toContain("profile style");
    expect(skillRead(noCharacter, { name: "lore" }).content).toContain("global lore");
  });

  it("deny wins over visible; names outside visible are not visible", () => {
    const repo = new MemorySkills();
    repo.add("global", "alpha", { "SKILL.md": "a" });
    repo.add("global", "beta", { "SKILL.md": "b" });
    repo.add("global", "gamma", { "SKILL.md": "c" });
    const ctx = context(repo, { visible: ["alpha", "beta"], deny: ["beta"] });
    expect((skillList(ctx, {}).structured as any).skills.map((s: any) => s.name)).toEqual(["alpha"]);
    expect(codeOf(() => skillRead(ctx, { name: "beta" }))).toBe("skill.policy_denied");
    expect(codeOf(() => skillRead(ctx, { name: "gamma" }))).toBe("skill.not_visible");
    expect(codeOf(() => skillSearch(ctx, { name: "beta", query: "b" }))).toBe("skill.policy_denied");
    const star = context(repo, { visible: ["*"], deny: ["*"] });
    expect((skillList(star, {}).structured as any).skills).toEqual([]);
  });
});

describe("skill read budgets", () => {
  const long = `${"line of lore text\n".repeat(200)}`; // 3600 chars

  it("per call: max_chars above the budget is refused; a longer file is cut to the budget", () => {
    const repo = new MemorySkills();
    repo.add("global", "lore", { "SKILL.md": long });
    const ctx = context(repo, { maxReadCharsPerCall: 1000 });
    expect(codeOf(() => skillRead(ctx, { name: "lore", max_chars: 1001 }))).toBe("skill.read_budget_exceeded");
    const whole = skillRead(ctx, { name: "lore" }).structured as any;
    expect(whole).toMatchObject({ chars: 1000, startChar: 0, endChar: 1000, totalChars: 3600, truncated: true });
    const lines = skillRead(ctx, { name: "lore", start_line: 1, line_count: 100 }).structured as any;
    expect(lines.chars).toBe(1000);
    const next = skillRead(ctx, { name: "lore", start_char: 1000, max_chars: 500 }).structured as any;
    expect(next).toMatchObject({ startChar: 1000, endChar: 1500, chars: 500 });
    expect(codeOf(() => skillRead(ctx, { name: "lore", start_line: 2, max_chars: 5 }))).toBe("skill.invalid_request");
  });

  it("per run: reads and search snippets add up; past the budget → skill.read_budget_exhausted", () => {
    const repo = new MemorySkills();
    repo.add("global", "lore", { "SKILL.md": long, "references/dragons.md": "Dragons hoard gold.\n" });
    const ctx = context(repo, { maxReadCharsPerCall: 1000, maxReadCharsPerRun: 2500 });
    expect((skillRead(ctx, { name: "lore" }).structured as any).chars).toBe(1000);
    expect((skillRead(ctx, { name: "lore", start_char: 1000 }).structured as any).chars).toBe(1000);
    const search = skillSearch(ctx, { name: "lore", query: "gold", path: "references" }).structured as any;
    expect(search.hits).toHaveLength(1);
    expect(search.returnedChars).toBe(19);
    const last = skillRead(ctx, { name: "lore", start_char: 2000 }).structured as any;
    expect(last.chars).toBe(2500 - 2019);
    expect(repo.runReadChars("run_1")).toBe(2500);
    expect(codeOf(() => skillRead(ctx, { name: "lore", start_char: 3000 }))).toBe("skill.read_budget_exhausted");
    expect(codeOf(() => skillSearch(ctx, { name: "lore", query: "gold" }))).toBe("skill.read_budget_exhausted");
    // Another run has its own counter (only its run budget limits this read).
    const other = context(repo, { maxReadCharsPerRun: 2500 }, "run_2");
    expect((skillRead(other, { name: "lore" }).structured as any).chars).toBe(2500);
  });

  it("search argument codes and resource refs", () => {
    const repo = new MemorySkills();
    repo.add("global", "lore", { "SKILL.md": "alpha\nbeta\ngamma\n" });
    const ctx = context(repo);
    expect(codeOf(() => skillSearch(ctx, { name: "lore", query: "a", limit: 0 }))).toBe("skill.search_limit_invalid");
    expect(codeOf(() => skillSearch(ctx, { name: "lore", query: "a", limit: 51 }))).toBe(
      "skill.search_limit_too_large",
    );
    expect(codeOf(() => skillSearch(ctx, { name: "lore", query: "a", context_lines: 6 }))).toBe(
      "skill.search_context_too_large",
    );
    expect(codeOf(() => skillRead(ctx, { name: "lore", path: "../x" }))).toBe("skill.path_traversal");
    expect(codeOf(() => skillRead(ctx, { name: "lore", path: "nope.md" }))).toBe("skill.file_not_found");
    const hit = skillSearch(ctx, { name: "lore", query: "beta", context_lines: 0 });
    expect(hit.resourceRefs).toEqual(["skills/lore/SKILL.md#L2-L2"]);
  });
});
