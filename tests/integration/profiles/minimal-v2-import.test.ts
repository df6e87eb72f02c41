/**
 * Import of a minimal v2 profile (tests/fixtures/profiles/v2-minimal.json: header + tools only)
 * — docs/spec/profiles.md requires preset, model, run, skills, workspace, plan and output in every
 * schema version, so the import is refused, but with one message that names every missing
 * section (docs/decisions/1481) instead of only the first; nothing is stored. Completed with the
 * sections, the same file imports and is stored as v3.
 */
import { describe, expect, it } from "vitest";
import minimalV2 from "../../fixtures/profiles/v2-minimal.json?raw";
import { apiJson, createUser } from "../helpers";

describe("agent profiles: minimal v2 import", () => {
  it("refuses a v2 file without its required sections, naming all of them; stores nothing", async () => {
    const { deviceToken: token } = await createUser();
    const refused = await apiJson("/api/v1/agent/profiles/import", {
      token,
      body: { profile: JSON.parse(minimalV2) },
      expectStatus: 400,
    });
    expect(refused.error).toMatchObject({ code: "agent.profile_contract_invalid", details: { path: "$" } });
    for (const section of ["preset", "model", "run", "skills", "workspace", "plan", "output"])
      expect(refused.error.message).toContain(section);
    expect(refused.error.message).toMatch(
      /missing the required sections preset, model, run, skills, workspace, plan, output/,
    );
    const list = await apiJson("/api/v1/agent/profiles", { token, expectStatus: 200 });
    expect(list.profiles.map((p: any) => p.id)).toEqual(["default-writer"]);
  });

  it("imports the same v2 file once the sections are added (migrated to v3)", async () => {
    const { deviceToken: token } = await createUser();
    const doc = {
      ...JSON.parse(minimalV2),
      preset: { mode: "currentPromptSnapshot" },
      model: { mode: "currentPromptSnapshot" },
      run: { presentation: "foreground" },
      skills: { visible: ["*"] },
      workspace: { visibleRoots: ["output"], writableRoots: ["output"] },
      plan: { mode: "none" },
      output: { artifacts: [{ id: "main", path: "output/main.md", kind: "markdown", target: "messageBody" }] },
    };
    const imported = await apiJson("/api/v1/agent/profiles/import", {
      token,
      body: { profile: doc },
      expectStatus: 201,
    });
    expect(imported.migratedFrom).toBe(2);
    expect(imported.profile).toMatchObject({
      schemaVersion: 3,
      id: "mini",
      preset: { mode: "currentPromptSnapshot", required: false },
      tools: {
        allow: ["builtin:workspace.write_file", "builtin:workspace.commit", "builtin:workspace.finish"],
        maxRounds: 10,
      },
    });
  });
});
