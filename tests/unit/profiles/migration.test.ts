/**
 * v1/v2 → v3 migration (docs/spec/profiles.md §4) on the fixture
 * tests/fixtures/profiles/v2-careful-editor.json: bare builtin names → `builtin:<name>` in allow,
 * deny, toolDescriptions and maxCallsPerTool; mcpResultInlineCharLimit 50,000; everything else kept.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../../src/domain/errors";
import { migrateProfileDocument } from "../../../src/domain/profiles/migrate";
import { parseProfileDocument } from "../../../src/domain/profiles/parse";
import { readProfile } from "../../../src/domain/profiles/validate";

const fixture = () =>
  JSON.parse(readFileSync(path.resolve(__dirname, "../../fixtures/profiles/v2-careful-editor.json"), "utf8"));

describe("profile migration v2 → v3", () => {
  it("migrates the v2 fixture into a valid v3 profile", () => {
    const raw = fixture();
    const { document, migratedFrom } = migrateProfileDocument(raw);
    expect(migratedFrom).toBe(2);
    const profile = readProfile(document);
    expect(profile.schemaVersion).toBe(3);
    expect(profile.tools.allow).toEqual([
      "builtin:agent.list",
      "builtin:agent.delegate",
      "builtin:agent.await",
      "builtin:chat.search",
      "builtin:chat.read_messages",
      "builtin:worldinfo.read_activated",
      "builtin:workspace.list_files",
      "builtin:workspace.read_file",
      "builtin:workspace.write_file",
      "builtin:workspace.apply_patch",
      "builtin:workspace.commit",
      "builtin:workspace.finish",
      "builtin:dice.roll",
    ]);
    expect(profile.tools.deny).toEqual(["builtin:dice.roll"]);
    expect(profile.tools.toolDescriptions).toEqual({
      "builtin:chat.search": {
        description: "Search the chat before you write anything.",
        properties: { query: "Words from the scene you need." },
      },
    });
    expect(profile.tools.maxCallsPerTool).toEqual({ "builtin:chat.search": 6, "builtin:workspace.commit": 2 });
    expect(profile.tools.mcpResultInlineCharLimit).toBe(50_000);
    // everything else preserved
    expect(profile).toMatchObject({
      id: "careful-editor",
      displayName: "Careful Editor",
      run: { presentation: "foreground", directRunnable: true, modelRetry: { maxRetries: 2, intervalMs: 1500 } },
      context: { initialChatHistoryMessages: 40, includeActivatedWorldInfo: false },
      delegation: { canDelegate: true, maxInvocationsPerRun: 4 },
      instructions: { agentSystemPrompt: "You are a careful editor. Draft in scratch/ first." },
      skills: { visible: ["*"], deny: ["unsafe-skill"], maxReadCharsPerCall: 10000, maxReadCharsPerRun: 40000 },
      workspace: { visibleRoots: ["output", "scratch", "summaries"], writableRoots: ["output", "scratch"] },
      tools: { maxRounds: 24, maxCallsPerRun: 40 },
    });
    expect(raw.schemaVersion).toBe(2);
    expect(raw.tools.allow[0]).toBe("agent.list");
  });

  it("keeps an explicit mcpResultInlineCharLimit and treats v1 like v2", () => {
    const raw = { ...fixture(), schemaVersion: 1 };
    raw.tools.mcpResultInlineCharLimit = 1234;
    const { document, migratedFrom } = migrateProfileDocument(raw);
    expect(migratedFrom).toBe(1);
    expect(readProfile(document).tools.mcpResultInlineCharLimit).toBe(1234);
  });

  it("leaves v3 untouched and never migrates in the strict parser (a frozen run profile)", () => {
    const v3 = migrateProfileDocument(fixture()).document;
    expect(migrateProfileDocument(v3)).toEqual({ document: v3, migratedFrom: null });
    const strictError = (() => {
      try {
        parseProfileDocument(fixture());
      } catch (error) {
        return error as AppError;
      }
      return null;
    })();
    expect(strictError?.code).toBe("agent.profile_schema_unsupported");
  });

  it("does not migrate unknown versions; the strict read rejects them", () => {
    const v9 = { ...fixture(), schemaVersion: 9 };
    expect(migrateProfileDocument(v9).migratedFrom).toBeNull();
    expect(() => readProfile(v9)).toThrow(/schemaVersion 9/);
  });

  it("a migrated v2 profile with a tool this server does not know fails as agent.profile_unknown_tool", () => {
    const raw = fixture();
    raw.tools.allow.push("workspace.shell");
    const { document } = migrateProfileDocument(raw);
    expect(() => readProfile(document)).toThrow(expect.objectContaining({ code: "agent.profile_unknown_tool" }));
  });
});
