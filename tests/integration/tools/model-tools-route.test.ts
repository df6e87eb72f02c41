/** GET /api/v1/mcp/model-tools through the real Worker, UserSpace and registry (docs/api.md). */
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser } from "../helpers";

async function server(
  token: string,
  displayName: string,
  state: "active" | "paused",
  permissions: Record<string, "ask" | "allow">,
) {
  const created = await apiJson("/api/v1/mcp/servers", {
    token,
    body: { displayName, endpoint: `https://${displayName}.example/mcp` },
    expectStatus: 201,
  });
  for (const [name, permission] of Object.entries(permissions)) {
    await apiJson(`/api/v1/mcp/servers/${created.id}/tools/${encodeURIComponent(name)}/permission`, {
      method: "PUT",
      token,
      body: { permission },
      expectStatus: 200,
    });
  }
  if (state === "active")
    await apiJson(`/api/v1/mcp/servers/${created.id}/state`, { token, body: { state }, expectStatus: 200 });
  return created.id as string;
}

describe("GET /api/v1/mcp/model-tools", () => {
  it("needs a device token", async () => {
    expect((await api("/api/v1/mcp/model-tools")).status).toBe(401);
  });

  it("is cached-only: an active server with permissions but no snapshot is a diagnostic; paused and permission-less servers say nothing", async () => {
    const { deviceToken: token } = await createUser();
    const active = await server(token, "active-one", "active", { "search.web": "allow" });
    await server(token, "paused-one", "paused", { x: "allow" });
    await server(token, "quiet-one", "active", {});
    const view = await apiJson("/api/v1/mcp/model-tools", { token, expectStatus: 200 });
    expect(view.tools).toEqual([]);
    expect(view.diagnostics).toEqual([
      { code: "mcp.catalog_not_cached", message: expect.stringContaining("active-one") },
    ]);
    expect(active).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("default-writer: the 14 builtin tools with their aliases and strict schemas", async () => {
    const { deviceToken: token } = await createUser();
    const view = await apiJson("/api/v1/mcp/model-tools?profileId=default-writer", { token, expectStatus: 200 });
    expect(view.tools).toHaveLength(14);
    expect(view.tools[0]).toMatchObject({
      toolId: "builtin:chat.search",
      alias: "chat_search",
      inputSchema: { type: "object", additionalProperties: false },
    });
    expect(view.tools.at(-1)).toMatchObject({ toolId: "builtin:workspace.finish", alias: "workspace_finish" });
    expect(view.diagnostics).toEqual([]);
  });

  it("unknown profile → 404 agent.profile_not_found; blank profileId → 400 input.invalid", async () => {
    const { deviceToken: token } = await createUser();
    const missing = await apiJson("/api/v1/mcp/model-tools?profileId=ghost", { token, expectStatus: 404 });
    expect(missing.error.code).toBe("agent.profile_not_found");
    const blank = await apiJson("/api/v1/mcp/model-tools?profileId=%20", { token, expectStatus: 400 });
    expect(blank.error.code).toBe("input.invalid");
  });
});
