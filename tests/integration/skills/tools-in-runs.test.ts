/**
 * Skill tools inside runs (docs/spec/skills.md "Agent tools"; docs/decisions/2502): "What the
 * model sees" and a run's tool snapshot agree for a profile with the skill tools and one without;
 * a run's scripted model lists and reads a skill from its scopes (global + character).
 */
import { describe, expect, it } from "vitest";
import { skillMd } from "../../fixtures/skill-zips";
import { driveRun, eventOf, userWithChat } from "../agent-loop/loop-helpers";
import { apiJson } from "../helpers";
import { installManifest } from "./skill-helpers";

const FINISH = { calls: [{ id: "call_finish", name: "workspace_finish", arguments: "{}" }] };

describe("skill tools in runs", () => {
  it("the model view and a run's tool snapshot list the same tools, with and without skill tools", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    await installManifest(token, skillMd("story-beats", "Plot beats"));
    const base = (await apiJson("/api/v1/agent/profiles/default-writer", { token })).profile;
    const noSkills = {
      ...base,
      id: "no-skills",
      displayName: "No skills",
      tools: { ...base.tools, allow: base.tools.allow.filter((t: string) => !t.startsWith("builtin:skill.")) },
    };
    await apiJson("/api/v1/agent/profiles", { token, body: noSkills, expectStatus: 200 });
    for (const [profileId, definition, skillTools] of [
      ["default-writer", base, 3],
      ["no-skills", noSkills, 0],
    ] as const) {
      const view = await apiJson(`/api/v1/mcp/model-tools?profileId=${profileId}`, { token, expectStatus: 200 });
      const run = await driveRun(user.userId, chatId, {
        profile: (p) => Object.assign(p, structuredClone(definition)),
        steps: [FINISH],
        input: { presentation: "background" },
      });
      const assembled = eventOf(run.events, "context_assembled")!.payload as any;
      const fromView = view.tools.map((t: any) => ({ toolId: t.toolId, alias: t.alias }));
      expect(assembled.tools).toEqual(fromView);
      expect(fromView.filter((t: any) => t.toolId.startsWith("builtin:skill.")).length).toBe(skillTools);
      const offered = run.requests[0]!.tools?.map((t) => t.alias) ?? [];
      expect(offered).toEqual(fromView.map((t: any) => t.alias));
    }
  });

  it("a run lists and reads skills of its scopes; skill_scopes_resolved names them", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    await installManifest(token, skillMd("story-beats", "Plot beats", "# Beats\n\nOpen with the dragon.\n"));
    await installManifest(
      token,
      skillMd("story-beats", "Plot beats for Aria", "# Aria's beats\n\nOpen with the harbour.\n"),
      "character:aria",
    );
    const run = await driveRun(user.userId, chatId, {
      input: { presentation: "background", skillScopeRefs: { characterId: "aria" } },
      steps: [
        { calls: [{ id: "call_list", name: "skill_list", arguments: "{}" }] },
        { calls: [{ id: "call_read", name: "skill_read", arguments: JSON.stringify({ name: "story-beats" }) }] },
        FINISH,
      ],
    });
    const scopes = eventOf(run.events, "skill_scopes_resolved")!.payload as any;
    expect(scopes.scopes).toEqual(["global", "profile:default-writer", "character:aria"]);
    expect(scopes.effectiveSkills).toEqual([
      { name: "story-beats", scope: "character:aria", installedHash: expect.any(String) },
    ]);
    const results = run.events.filter((e) => e.type === "tool_call_completed").map((e) => e.payload as any);
    expect(results[0]).toMatchObject({ isError: false });
    const toolMessages = run.requests[2]!.messages.filter((m) => m.role === "tool");
    const texts = toolMessages.map((m) => JSON.stringify(m));
    expect(texts[0]).toContain("Plot beats for Aria");
    expect(texts[1]).toContain("Open with the harbour.");
    expect(run.status).toBe("completed");
  });

  it("a run on a chat linked to a library character gets that character's skills without naming it", async () => {
    const { user } = await userWithChat();
    const token = user.deviceToken;
    const character = await apiJson("/api/v1/characters", {
      token,
      body: { data: { name: "Mira" } },
      expectStatus: 201,
    });
    const chat = await apiJson("/api/v1/chats", {
      token,
      body: { title: "With Mira", characterId: character.id },
      expectStatus: 201,
    });
    await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "user", text: "Where do we start?" },
      expectStatus: 201,
    });
    await installManifest(
      token,
      skillMd("mira-voice", "How Mira talks", "# Mira\n\nShort sentences.\n"),
      `character:${character.id}`,
    );
    const run = await driveRun(user.userId, chat.id, {
      input: { presentation: "background" },
      steps: [{ calls: [{ id: "call_list", name: "skill_list", arguments: "{}" }] }, FINISH],
    });
    const scopes = eventOf(run.events, "skill_scopes_resolved")!.payload as any;
    expect(scopes.refs).toEqual({ characterId: character.id });
    expect(scopes.scopes).toEqual(["global", "profile:default-writer", `character:${character.id}`]);
    expect(scopes.effectiveSkills.map((s: any) => s.name)).toEqual(["mira-voice"]);
    const listed = run.requests[1]!.messages.filter((m) => m.role === "tool").map((m) => JSON.stringify(m));
    expect(listed[0]).toContain("How Mira talks");
  });
});
