/** Multi-device sync of MCP registrations: frames, revisions and ifRevision conflicts (issue #3). */
import { describe, expect, it } from "vitest";
import { apiJson, createUser, openSocket, settle } from "../helpers";
import { createServer } from "./registry-helpers";

describe("MCP registry live sync", () => {
  it("a change over HTTP reaches the other device's socket with the new revision; a stale ifRevision gets 409 and changes nothing", async () => {
    const user = await createUser("Laptop");
    const phone = await apiJson("/api/v1/devices/pairing-codes", {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 201,
    }).then(({ code }) => apiJson("/api/v1/devices/pair", { body: { code, deviceName: "Phone" }, expectStatus: 201 }));
    const laptopSocket = await openSocket(user.deviceToken);
    const phoneSocket = await openSocket(phone.deviceToken);

    const server = await createServer(user.deviceToken, {
      displayName: "Shared",
      endpoint: "https://shared.example/mcp",
      headers: { K: "v" },
    });
    const created = await phoneSocket.waitFor((f) => f.type === "mcp.server_changed" && f.server.id === server.id);
    expect(created.server).toMatchObject({ revision: 1, state: "paused", headers: { K: "v" } });

    const activated = await apiJson(`/api/v1/mcp/servers/${server.id}/state`, {
      token: phone.deviceToken,
      body: { state: "active", ifRevision: 1 },
      expectStatus: 200,
    });
    expect(activated.revision).toBe(2);
    const seen = await laptopSocket.waitFor((f) => f.type === "mcp.server_changed" && f.server.revision === 2);
    expect(seen.server).toMatchObject({ id: server.id, state: "active" });

    const framesBefore = phoneSocket.frames.length;
    const stale = await apiJson(`/api/v1/mcp/servers/${server.id}`, {
      method: "PUT",
      token: user.deviceToken,
      expectStatus: 409,
      body: {
        displayName: "Laptop edit",
        endpoint: "https://shared.example/mcp",
        headers: {},
        protocolVersion: "auto",
        ifRevision: 1,
      },
    });
    expect(stale.error.code).toBe("mcp.registration_conflict");
    expect(stale.error.details.current).toMatchObject({
      id: server.id,
      revision: 2,
      state: "active",
      displayName: "Shared",
    });
    const staleDelete = await apiJson(`/api/v1/mcp/servers/${server.id}`, {
      method: "DELETE",
      token: user.deviceToken,
      body: { ifRevision: 1 },
      expectStatus: 409,
    });
    expect(staleDelete.error.code).toBe("mcp.registration_conflict");
    await settle();
    expect(phoneSocket.frames.length).toBe(framesBefore);
    const listed = await apiJson("/api/v1/mcp/servers", { token: phone.deviceToken });
    expect(listed.servers[0]).toMatchObject({ displayName: "Shared", revision: 2, headers: { K: "v" } });

    await apiJson(`/api/v1/mcp/servers/${server.id}`, {
      method: "DELETE",
      token: user.deviceToken,
      body: { ifRevision: 2 },
      expectStatus: 200,
    });
    const removed = await phoneSocket.waitFor((f) => f.type === "mcp.server_removed");
    expect(removed).toEqual({ type: "mcp.server_removed", registrationId: server.id, revision: 3 });
    laptopSocket.ws.close();
    phoneSocket.ws.close();
  });

  it("concurrent mutations are serialized: every revision is distinct and the last one wins", async () => {
    const user = await createUser();
    const server = await createServer(user.deviceToken, { displayName: "Busy", endpoint: "https://busy.example/" });
    const names = Array.from({ length: 8 }, (_, i) => `tool-${i}`);
    const results = await Promise.all(
      names.map((name) =>
        apiJson(`/api/v1/mcp/servers/${server.id}/tools/${name}/permission`, {
          method: "PUT",
          token: user.deviceToken,
          body: { permission: "allow" },
          expectStatus: 200,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.revision)).size).toBe(names.length);
    const listed = (await apiJson("/api/v1/mcp/servers", { token: user.deviceToken })).servers[0];
    expect(listed.revision).toBe(1 + names.length);
    expect(Object.keys(listed.toolPermissions).sort()).toEqual(names);
  });
});
