/** MCP registry routes end to end through the Worker (docs/api.md "MCP servers"; docs/spec/mcp-platform.md §14). */
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser } from "../helpers";
import { createServer, toolPath } from "./registry-helpers";

describe("MCP registry routes", () => {
  it("create → paused server with the docs/spec/mcp-platform.md §14 fields; list; update; delete", async () => {
    const { deviceToken: token } = await createUser();
    const created = await createServer(token, {
      displayName: "  Search  ",
      endpoint: " HTTPS://Search.Example.COM ",
      headers: { "X-Api-Key": " spaced value " },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      displayName: "Search",
      endpoint: "https://search.example.com/",
      headers: { "X-Api-Key": " spaced value " },
      protocolVersion: "auto",
      state: "paused",
      toolPermissions: {},
      toolDescriptionOverrides: {},
      revision: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 });
    expect(list).toEqual({ servers: [created], storageIssues: [] });

    const updated = await apiJson(`/api/v1/mcp/servers/${created.id}`, {
      method: "PUT",
      token,
      expectStatus: 200,
      body: {
        displayName: "Search 2",
        endpoint: "https://search.example.com/v2",
        headers: {},
        protocolVersion: "2025-06-18",
        ifRevision: 1,
      },
    });
    expect(updated).toMatchObject({
      id: created.id,
      displayName: "Search 2",
      endpoint: "https://search.example.com/v2",
      headers: {},
      protocolVersion: "2025-06-18",
      state: "paused",
      revision: 2,
    });

    const removed = await apiJson(`/api/v1/mcp/servers/${created.id}`, { method: "DELETE", token, expectStatus: 200 });
    expect(removed).toEqual({ registrationId: created.id, revision: 3 });
    expect((await apiJson("/api/v1/mcp/servers", { token })).servers).toEqual([]);
    const missing = await apiJson(`/api/v1/mcp/servers/${created.id}`, { method: "DELETE", token, expectStatus: 404 });
    expect(missing.error.code).toBe("mcp.registration_not_found");
  });

  it.each([
    [{ displayName: "  ", endpoint: "https://a.example/" }, "mcp.display_name_empty"],
    [{ displayName: "A", endpoint: "not a url" }, "mcp.endpoint_invalid"],
    [{ displayName: "A", endpoint: "mailto:a@example.com" }, "mcp.endpoint_absolute_required"],
    [{ displayName: "A", endpoint: "https://a.example/#frag" }, "mcp.endpoint_fragment_forbidden"],
    [{ displayName: "A", endpoint: "ftp://a.example/" }, "mcp.endpoint_scheme_invalid"],
    [{ displayName: "A", endpoint: "https://a.example/", protocolVersion: "2024-11-05" }, "input.invalid"],
    [{ displayName: "A", endpoint: "https://a.example/", state: "active" }, "input.invalid"],
    [{ displayName: "A", endpoint: "https://a.example/", headers: { A: 1 } }, "input.invalid"],
  ])("create %j → 400 %s", async (body, code) => {
    const { deviceToken: token } = await createUser();
    const response = await apiJson("/api/v1/mcp/servers", { token, body, expectStatus: 400 });
    expect(response.error.code).toBe(code);
    expect((await apiJson("/api/v1/mcp/servers", { token })).servers).toEqual([]);
  });

  it("ids in paths: non-canonical and invalid ids have their own codes", async () => {
    const { deviceToken: token } = await createUser();
    const server = await createServer(token, { displayName: "A", endpoint: "https://a.example/" });
    const upper = await apiJson(`/api/v1/mcp/servers/${server.id.toUpperCase()}/state`, {
      token,
      body: { state: "active" },
      expectStatus: 400,
    });
    expect(upper.error.code).toBe("mcp.registration_id_noncanonical");
    const invalid = await apiJson(`/api/v1/mcp/servers/nope/state`, {
      token,
      body: { state: "active" },
      expectStatus: 400,
    });
    expect(invalid.error.code).toBe("mcp.registration_id_invalid");
    const unknown = await apiJson(`/api/v1/mcp/servers/${crypto.randomUUID()}/state`, {
      token,
      body: { state: "active" },
      expectStatus: 404,
    });
    expect(unknown.error.code).toBe("mcp.registration_not_found");
    expect(await api("/api/v1/mcp/servers")).toHaveProperty("status", 401);
  });

  it("state, permissions (Off deletes the key) and overrides with percent-encoded native names", async () => {
    const { deviceToken: token } = await createUser();
    const server = await createServer(token, { displayName: "A", endpoint: "https://a.example/" });
    const active = await apiJson(`/api/v1/mcp/servers/${server.id}/state`, {
      token,
      body: { state: "active" },
      expectStatus: 200,
    });
    expect(active).toMatchObject({ state: "active", revision: 2 });
    expect(active.warnings).toBeUndefined();

    const names = ["files/read", "v1.search", "with space", "検索ツール", "a:b", "100%"];
    let last: any;
    for (const name of names) {
      last = await apiJson(toolPath(server.id, name, "permission"), {
        method: "PUT",
        token,
        body: { permission: "allow" },
        expectStatus: 200,
      });
    }
    expect(Object.keys(last.toolPermissions).sort()).toEqual([...names].sort());
    last = await apiJson(toolPath(server.id, "files/read", "permission"), {
      method: "PUT",
      token,
      body: { permission: "ask" },
      expectStatus: 200,
    });
    expect(last.toolPermissions["files/read"]).toBe("ask");
    last = await apiJson(toolPath(server.id, "files/read", "permission"), {
      method: "PUT",
      token,
      body: { permission: "off" },
      expectStatus: 200,
    });
    expect(last.toolPermissions).not.toHaveProperty("files/read");
    const bad = await apiJson(toolPath(server.id, "x", "permission"), {
      method: "PUT",
      token,
      body: { permission: "sometimes" },
      expectStatus: 400,
    });
    expect(bad.error.code).toBe("input.invalid");
    const long = await apiJson(toolPath(server.id, "x".repeat(257), "permission"), {
      method: "PUT",
      token,
      body: { permission: "ask" },
      expectStatus: 400,
    });
    expect(long.error.code).toBe("mcp.tool_name_too_long");

    const path = toolPath(server.id, "検索 tool/v1.2", "description-override");
    last = await apiJson(path, {
      method: "PUT",
      token,
      body: { override: { description: "Find", properties: { q: "The query" } } },
      expectStatus: 200,
    });
    expect(last.toolDescriptionOverrides["検索 tool/v1.2"]).toEqual({
      description: "Find",
      properties: { q: "The query" },
    });
    last = await apiJson(path, {
      method: "PUT",
      token,
      body: { override: { description: "Find better", properties: { q: "The query" } } },
      expectStatus: 200,
    });
    expect(last.toolDescriptionOverrides["検索 tool/v1.2"]).toEqual({
      description: "Find better",
      properties: { q: "The query" },
    });
    const empty = await apiJson(path, { method: "PUT", token, body: { override: {} }, expectStatus: 400 });
    expect(empty.error.code).toBe("mcp.description_override_empty");
    const unknownField = await apiJson(path, {
      method: "PUT",
      token,
      body: { override: { description: "x", extra: 1 } },
      expectStatus: 400,
    });
    expect(unknownField.error.code).toBe("input.invalid");
    const missingKey = await apiJson(path, { method: "PUT", token, body: {}, expectStatus: 400 });
    expect(missingKey.error.code).toBe("input.invalid");
    last = await apiJson(path, { method: "PUT", token, body: { override: null }, expectStatus: 200 });
    expect(last.toolDescriptionOverrides).toEqual({});
    const listed = (await apiJson("/api/v1/mcp/servers", { token })).servers[0];
    expect(listed.revision).toBe(last.revision);
    expect(listed.toolPermissions).toEqual(last.toolPermissions);
  });

  it("JSON import: two HTTP servers and one stdio server → two paused registrations and one skipped entry", async () => {
    const { deviceToken: token } = await createUser();
    const json = JSON.stringify({
      mcpServers: {
        github: {
          type: "http",
          url: "https://api.githubcopilot.example/mcp",
          headers: { Authorization: "Bearer ghp_import" },
        },
        docs: { serverUrl: "https://docs.example/mcp" },
        filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
      },
    });
    const result = await apiJson("/api/v1/mcp/servers", { token, body: { json }, expectStatus: 201 });
    expect(result.servers.map((s: any) => [s.displayName, s.state, s.endpoint])).toEqual([
      ["github", "paused", "https://api.githubcopilot.example/mcp"],
      ["docs", "paused", "https://docs.example/mcp"],
    ]);
    expect(result.servers[0].headers).toEqual({ Authorization: "Bearer ghp_import" });
    expect(result.skipped).toEqual([
      { name: "filesystem", code: "mcp.import_transport_stdio", message: expect.stringContaining("stdio") },
    ]);
    expect((await apiJson("/api/v1/mcp/servers", { token })).servers).toHaveLength(2);
  });

  it("JSON import of malformed JSON → mcp.import_json_invalid with the position; nothing created", async () => {
    const { deviceToken: token } = await createUser();
    const response = await apiJson("/api/v1/mcp/servers", {
      token,
      body: { json: '{\n  "mcpServers": {\n    "a": {"url": "https://a.example/"}\n    "b": {}\n}' },
      expectStatus: 400,
    });
    expect(response.error.code).toBe("mcp.import_json_invalid");
    expect(response.error.details).toEqual({ offset: expect.any(Number), line: 4, column: 5 });
    expect(response.error.message).toContain("line 4, column 5");
    const notServers = await apiJson("/api/v1/mcp/servers", {
      token,
      body: { json: '{"theme": "dark"}' },
      expectStatus: 400,
    });
    expect(notServers.error.code).toBe("mcp.import_document_invalid");
    expect((await apiJson("/api/v1/mcp/servers", { token })).servers).toEqual([]);
  });
});
