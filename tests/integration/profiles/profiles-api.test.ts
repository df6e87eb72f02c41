/**
 * /api/v1/agent/profiles… and GET /api/v1/agent/tools through the Worker and the user's Durable
 * Object (issue [agent-profiles]; docs/spec/profiles.md, docs/spec/agent-runtime.md §9): list with issues, save (strict v3),
 * load, delete, the read-only default-writer, `mcp:*`, import of the v2 fixture (migrated and
 * stored as v3), migration of a stored v2 row written back once, export → import round trip,
 * diagnose reporting a deleted connection, and `agent.profile_changed` frames.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import v2Fixture from "../../fixtures/profiles/v2-careful-editor.json?raw";
import { api, apiJson, createUser, openSocket } from "../helpers";

type Doc = Record<string, any>;

function sql(userId: string, query: string, ...params: unknown[]): Promise<Record<string, unknown>[]> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return runInDurableObject(namespace.get(namespace.idFromName(userId)), (_i: UserSpace, state) =>
    state.storage.sql.exec(query, ...params).toArray(),
  );
}

async function userProfile(token: string, id: string, edit: (doc: Doc) => void = () => {}): Promise<Doc> {
  const { profile } = await apiJson("/api/v1/agent/profiles/default-writer", { token, expectStatus: 200 });
  const doc = { ...profile, id, displayName: `Profile ${id}` };
  delete doc.description;
  edit(doc);
  return doc;
}

describe("agent profiles API", () => {
  it("needs a device token", async () => {
    expect((await api("/api/v1/agent/profiles")).status).toBe(401);
    expect((await api("/api/v1/agent/tools")).status).toBe(401);
  });

  it("lists the read-only default-writer first; it cannot be saved, imported over or deleted", async () => {
    const { deviceToken: token } = await createUser();
    const list = await apiJson("/api/v1/agent/profiles", { token, expectStatus: 200 });
    expect(list).toEqual({
      profiles: [
        expect.objectContaining({
          id: "default-writer",
          displayName: "Default Writer",
          directRunnable: true,
          readOnly: true,
        }),
      ],
      issues: [],
      // The editor's range and default per delegation limit (ADR 2640).
      delegationLimits: {
        maxConcurrentInvocations: { min: 1, max: 32, default: 3 },
        maxInvocationsPerRun: { min: 1, max: 1000, default: 8 },
        resultBudgetTokens: { min: 1, max: 1_000_000, default: 8000 },
        maxHandoffDepth: { min: 1, max: 100, default: 8 },
      },
    });
    const { profile } = await apiJson("/api/v1/agent/profiles/default-writer", { token, expectStatus: 200 });
    expect(profile.tools.allow.at(-1)).toBe("mcp:*");
    expect((await apiJson("/api/v1/agent/profiles", { token, body: profile, expectStatus: 409 })).error.code).toBe(
      "agent.profile_read_only",
    );
    expect(
      (await apiJson("/api/v1/agent/profiles/import", { token, body: { profile, overwrite: true }, expectStatus: 409 }))
        .error.code,
    ).toBe("agent.profile_read_only");
    expect(
      (await apiJson("/api/v1/agent/profiles/default-writer", { method: "DELETE", token, expectStatus: 409 })).error
        .code,
    ).toBe("agent.profile_read_only");
  });

  it("saves a strict v3 profile with mcp:* (frame to every socket), loads, lists and deletes it", async () => {
    const { deviceToken: token } = await createUser();
    const socket = await openSocket(token);
    const doc = await userProfile(token, "night-writer", (d) => {
      d.tools.allow = [
        "builtin:chat.search",
        "builtin:workspace.read_file",
        "builtin:workspace.write_file",
        "builtin:workspace.commit",
        "builtin:workspace.finish",
        "mcp:*",
      ];
      d.tools.maxCallsPerTool = { "mcp/550e8400-e29b-41d4-a716-446655440000:search": 2 };
    });
    const saved = await apiJson("/api/v1/agent/profiles", { token, body: { profile: doc }, expectStatus: 200 });
    expect(saved.profile.tools.allow).toContain("mcp:*");
    await socket.waitFor((f) => f.type === "agent.profile_changed" && f.profileId === "night-writer");
    expect((await apiJson("/api/v1/agent/profiles/night-writer", { token, expectStatus: 200 })).profile).toEqual(
      saved.profile,
    );
    const list = await apiJson("/api/v1/agent/profiles", { token, expectStatus: 200 });
    expect(list.profiles.map((p: Doc) => [p.id, p.readOnly])).toEqual([
      ["default-writer", true],
      ["night-writer", false],
    ]);

    // the tool system now reads this profile: its snapshot has exactly its builtin tools
    const view = await apiJson("/api/v1/mcp/model-tools?profileId=night-writer", { token, expectStatus: 200 });
    expect(view.tools.map((t: Doc) => t.toolId)).toEqual([
      "builtin:chat.search",
      "builtin:workspace.read_file",
      "builtin:workspace.write_file",
      "builtin:workspace.commit",
      "builtin:workspace.finish",
    ]);

    const replaced = await apiJson("/api/v1/agent/profiles/night-writer", {
      method: "PUT",
      token,
      body: { ...doc, displayName: "Night Owl" },
      expectStatus: 200,
    });
    expect(replaced.profile.displayName).toBe("Night Owl");
    expect(
      (await apiJson("/api/v1/agent/profiles/other-id", { method: "PUT", token, body: doc, expectStatus: 400 })).error
        .code,
    ).toBe("agent.profile_id_mismatch");

    expect(
      await apiJson("/api/v1/agent/profiles/night-writer", { method: "DELETE", token, expectStatus: 200 }),
    ).toEqual({ id: "night-writer", deleted: true });
    await socket.waitFor(
      (f) =>
        f.type === "agent.profile_changed" &&
        f.profileId === "night-writer" &&
        socket.frames.filter((g) => g.type === "agent.profile_changed").length >= 3,
    );
    expect(await apiJson("/api/v1/agent/profiles/night-writer", { token, expectStatus: 200 })).toEqual({
      profile: null,
    });
    expect(
      (await apiJson("/api/v1/agent/profiles/night-writer", { method: "DELETE", token, expectStatus: 404 })).error.code,
    ).toBe("agent.profile_not_found");
    expect(
      (await apiJson("/api/v1/mcp/model-tools?profileId=night-writer", { token, expectStatus: 404 })).error.code,
    ).toBe("agent.profile_not_found");
    socket.ws.close();
  });

  it("save is strict: validation codes with the field path, no migration of v2", async () => {
    const { deviceToken: token } = await createUser();
    const bad = await apiJson("/api/v1/agent/profiles", {
      token,
      body: await userProfile(token, "x", (d) => {
        d.tools.deny = ["builtin:workspace.write_file"];
      }),
      expectStatus: 400,
    });
    expect(bad.error).toMatchObject({
      code: "agent.profile_output_writer_required",
      details: { path: "$.tools.allow" },
    });
    const unknown = await apiJson("/api/v1/agent/profiles", {
      token,
      body: await userProfile(token, "x", (d) => {
        d.surprise = true;
      }),
      expectStatus: 400,
    });
    expect(unknown.error).toMatchObject({ code: "agent.profile_contract_invalid", details: { path: "$.surprise" } });
    const v2 = await apiJson("/api/v1/agent/profiles", { token, body: JSON.parse(v2Fixture), expectStatus: 400 });
    expect(v2.error.code).toBe("agent.profile_schema_unsupported");
    expect((await apiJson("/api/v1/agent/profiles", { token, body: [1], expectStatus: 400 })).error.code).toBe(
      "input.invalid",
    );
  });

  it("imports the v2 fixture: migrated to v3, stored as v3; a second import conflicts unless overwrite", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const imported = await apiJson("/api/v1/agent/profiles/import", {
      token,
      body: { profile: JSON.parse(v2Fixture) },
      expectStatus: 201,
    });
    expect(imported.migratedFrom).toBe(2);
    expect(imported.profile).toMatchObject({
      schemaVersion: 3,
      id: "careful-editor",
      tools: {
        mcpResultInlineCharLimit: 50_000,
        deny: ["builtin:dice.roll"],
        maxCallsPerTool: { "builtin:chat.search": 6 },
      },
    });
    const [row] = await sql(user.userId, "SELECT document FROM te_agent_profiles WHERE id = 'careful-editor'");
    const stored = JSON.parse(String(row!.document));
    expect(stored.schemaVersion).toBe(3);
    expect(stored.tools.allow).toContain("builtin:workspace.write_file");
    expect(
      (
        await apiJson("/api/v1/agent/profiles/import", {
          token,
          body: { profile: JSON.parse(v2Fixture) },
          expectStatus: 409,
        })
      ).error.code,
    ).toBe("agent.profile_conflict");
    const again = await apiJson("/api/v1/agent/profiles/import", {
      token,
      body: { profile: JSON.parse(v2Fixture), overwrite: true },
      expectStatus: 201,
    });
    expect(again.profile).toEqual(imported.profile);
  });

  it("a stored v2 row is migrated when read and written back once; broken rows become list issues", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const now = Date.now();
    const insert = (id: string, document: string) =>
      sql(
        user.userId,
        "INSERT INTO te_agent_profiles(id, document, created_at, updated_at) VALUES(?, ?, ?, ?)",
        id,
        document,
        now,
        now,
      );
    await insert("careful-editor", v2Fixture);
    await insert("broken-json", "{not json");
    await insert("wrong-id", JSON.stringify({ ...JSON.parse(v2Fixture), id: "someone-else" }));
    await insert(
      "bad-tools",
      JSON.stringify({ ...JSON.parse(v2Fixture), id: "bad-tools", tools: { allow: [], maxRounds: 5 } }),
    );

    const loaded = await apiJson("/api/v1/agent/profiles/careful-editor", { token, expectStatus: 200 });
    expect(loaded.profile.tools.allow[0]).toBe("builtin:agent.list");
    const [row] = await sql(
      user.userId,
      "SELECT document, updated_at FROM te_agent_profiles WHERE id = 'careful-editor'",
    );
    expect(JSON.parse(String(row!.document)).schemaVersion).toBe(3);
    const writtenAt = Number(row!.updated_at);
    await apiJson("/api/v1/agent/profiles/careful-editor", { token, expectStatus: 200 });
    const [after] = await sql(user.userId, "SELECT updated_at FROM te_agent_profiles WHERE id = 'careful-editor'");
    expect(Number(after!.updated_at)).toBe(writtenAt);

    const list = await apiJson("/api/v1/agent/profiles", { token, expectStatus: 200 });
    expect(list.profiles.map((p: Doc) => p.id)).toEqual(["default-writer", "careful-editor"]);
    expect(list.issues).toEqual([
      expect.objectContaining({
        profileId: "bad-tools",
        fileName: "bad-tools.json",
        kind: "invalidProfile",
        code: "agent.profile_tools_empty",
      }),
      expect.objectContaining({ profileId: "broken-json", kind: "invalidJson", recommendedAction: "delete" }),
      expect.objectContaining({
        profileId: "wrong-id",
        kind: "invalidFileIdentity",
        recommendedAction: "normalizeIdentity",
      }),
    ]);
    expect((await apiJson("/api/v1/agent/profiles/bad-tools", { token, expectStatus: 400 })).error.code).toBe(
      "agent.profile_tools_empty",
    );
    const health = await apiJson("/api/v1/agent/profiles/bad-tools/diagnose", { token, expectStatus: 200 });
    expect(health).toMatchObject({
      profileId: "bad-tools",
      previewAvailable: false,
      directRunAvailable: false,
      diagnostics: [{ code: "agent.profile_contract_invalid", path: "$.tools.allow" }],
    });
    expect(await apiJson("/api/v1/agent/profiles/broken-json", { method: "DELETE", token, expectStatus: 200 })).toEqual(
      { id: "broken-json", deleted: true },
    );
  });

  it("repair: normalizeIdentity fixes header keys only and refuses to write an invalid result; delete removes any row", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const now = Date.now();
    const insert = (id: string, document: string) =>
      sql(
        user.userId,
        "INSERT INTO te_agent_profiles(id, document, created_at, updated_at) VALUES(?, ?, ?, ?)",
        id,
        document,
        now,
        now,
      );
    await insert("renamed", JSON.stringify({ ...JSON.parse(v2Fixture), id: "Old Name", kind: "something" }));
    await insert("broken-json", "{oops");
    await insert(
      "bad-tools",
      JSON.stringify({ ...JSON.parse(v2Fixture), id: "bad-tools", tools: { allow: [], maxRounds: 5 } }),
    );

    const fixed = await apiJson("/api/v1/agent/profiles/renamed/repair", {
      token,
      body: { action: "normalizeIdentity" },
      expectStatus: 200,
    });
    expect(fixed.profile).toMatchObject({
      id: "renamed",
      kind: "tauritavern.agentProfile",
      schemaVersion: 3,
      displayName: "Careful Editor",
    });
    expect(
      (
        await apiJson("/api/v1/agent/profiles/broken-json/repair", {
          token,
          body: { action: "normalizeIdentity" },
          expectStatus: 400,
        })
      ).error.code,
    ).toBe("agent.profile_contract_invalid");
    expect(
      (
        await apiJson("/api/v1/agent/profiles/bad-tools/repair", {
          token,
          body: { action: "normalizeIdentity" },
          expectStatus: 400,
        })
      ).error.code,
    ).toBe("agent.profile_tools_empty");
    const [untouched] = await sql(user.userId, "SELECT document FROM te_agent_profiles WHERE id = 'bad-tools'");
    expect(JSON.parse(String(untouched!.document)).schemaVersion).toBe(2);
    expect(
      await apiJson("/api/v1/agent/profiles/bad-tools/repair", {
        token,
        body: { action: "delete" },
        expectStatus: 200,
      }),
    ).toEqual({ profileId: "bad-tools", action: "delete", profile: null });
    expect(
      (
        await apiJson("/api/v1/agent/profiles/default-writer/repair", {
          token,
          body: { action: "delete" },
          expectStatus: 409,
        })
      ).error.code,
    ).toBe("agent.profile_read_only");
    expect(
      (await apiJson("/api/v1/agent/profiles/renamed/repair", { token, body: { action: "rename" }, expectStatus: 400 }))
        .error.code,
    ).toBe("input.invalid");
    const list = await apiJson("/api/v1/agent/profiles", { token, expectStatus: 200 });
    expect(list.profiles.map((p: Doc) => p.id)).toEqual(["default-writer", "renamed"]);
    expect(list.issues.map((i: Doc) => i.profileId)).toEqual(["broken-json"]);
  });

  it("diagnose reports a deleted connection; export → import round trip replaces the binding with requiresConfiguration", async () => {
    const { deviceToken: token } = await createUser();
    const connection = await apiJson("/api/v1/connections", {
      token,
      body: {
        name: "Local",
        provider: "openai-compatible",
        baseUrl: "http://127.0.0.1:9/v1",
        apiKey: "",
        modelId: "local-model",
      },
      expectStatus: 201,
    });
    const doc = await userProfile(token, "bound-writer", (d) => {
      d.model = { mode: "connectionRef", connectionRef: connection.id, modelId: "local-model-large" };
    });
    const saved = (await apiJson("/api/v1/agent/profiles", { token, body: doc, expectStatus: 200 })).profile;

    const healthy = await apiJson("/api/v1/agent/profiles/bound-writer/diagnose", { token, expectStatus: 200 });
    expect(healthy).toEqual({
      profileId: "bound-writer",
      previewAvailable: true,
      promptAssemblyAvailable: true,
      directRunAvailable: true,
      subAgentAvailable: false,
      handoffTargetAvailable: false,
      diagnostics: [],
      delegationNotes: [expect.objectContaining({ reason: "notCallable", roles: ["subAgent", "handoffTarget"] })],
    });

    await apiJson(`/api/v1/connections/${connection.id}`, { method: "DELETE", token, expectStatus: 200 });
    const broken = await apiJson("/api/v1/agent/profiles/bound-writer/diagnose", { token, expectStatus: 200 });
    expect(broken).toMatchObject({ previewAvailable: true, directRunAvailable: false });
    expect(broken.diagnostics).toEqual([
      expect.objectContaining({
        code: "agent.profile_model_connection_missing",
        severity: "error",
        path: "$.model.connectionRef",
        resource: { kind: "llmConnection", id: connection.id, modelId: "local-model-large" },
        repairActions: ["selectModel", "setModelRequiresConfiguration"],
      }),
    ]);
    expect((await apiJson("/api/v1/agent/profiles/ghost/diagnose", { token, expectStatus: 404 })).error.code).toBe(
      "agent.profile_not_found",
    );

    const exportResponse = await api("/api/v1/agent/profiles/bound-writer/export", { token });
    expect(exportResponse.status).toBe(200);
    expect(exportResponse.headers.get("content-disposition")).toContain("bound-writer.json");
    const exported = (await exportResponse.json()) as Doc;
    expect(exported.model).toEqual({ mode: "requiresConfiguration" });
    expect(JSON.stringify(exported)).not.toContain(connection.id);

    const other = await createUser();
    const imported = await apiJson("/api/v1/agent/profiles/import", {
      token: other.deviceToken,
      body: { profile: exported },
      expectStatus: 201,
    });
    expect(imported.migratedFrom).toBeNull();
    expect(imported.profile).toEqual({ ...saved, model: { mode: "requiresConfiguration" } });
    const health = await apiJson("/api/v1/agent/profiles/bound-writer/diagnose", {
      token: other.deviceToken,
      expectStatus: 200,
    });
    expect(health.diagnostics.map((d: Doc) => d.code)).toEqual(["agent.profile_model_requires_configuration"]);
    expect(health.directRunAvailable).toBe(false);
    const reexported = await apiJson("/api/v1/agent/profiles/bound-writer/export", {
      token: other.deviceToken,
      expectStatus: 200,
    });
    expect(reexported).toEqual(exported);
  });

  it("GET /agent/tools lists the builtin tool specs", async () => {
    const { deviceToken: token } = await createUser();
    const { tools } = await apiJson("/api/v1/agent/tools", { token, expectStatus: 200 });
    expect(tools).toHaveLength(14);
    expect(tools.map((t: Doc) => t.name)).toContain("workspace.write_file");
    expect(tools.find((t: Doc) => t.name === "workspace.read_file")).toMatchObject({
      toolId: "builtin:workspace.read_file",
      modelName: "workspace_read_file",
      title: expect.any(String),
      source: "builtin",
      inputSchema: { type: "object", required: ["path"] },
    });
  });
});
