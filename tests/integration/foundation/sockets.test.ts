import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser, openSocket, settle } from "../helpers";

describe("live socket", () => {
  it("two sockets of one user both get device.changed on a rename; another user's socket gets nothing", async () => {
    const alice = await createUser("alice-laptop");
    const bob = await createUser("bob-laptop");
    const a1 = await openSocket(alice.deviceToken);
    const a2 = await openSocket(alice.deviceToken);
    const b1 = await openSocket(bob.deviceToken);
    await apiJson(`/api/v1/devices/${alice.deviceId}`, {
      method: "PATCH",
      token: alice.deviceToken,
      body: { name: "Kitchen iPad" },
      expectStatus: 200,
    });
    for (const socket of [a1, a2]) {
      const frame = await socket.waitFor((f) => f.type === "device.changed");
      expect(frame.device).toMatchObject({ id: alice.deviceId, name: "Kitchen iPad" });
    }
    await settle();
    expect(b1.frames.filter((f) => f.type === "device.changed")).toEqual([]);
  });

  it("a socket opened after a broadcast gets the next one; a socket that closed does not stop the others", async () => {
    const alice = await createUser("alice-laptop");
    const rename = async (name: string) =>
      apiJson(`/api/v1/devices/${alice.deviceId}`, {
        method: "PATCH",
        token: alice.deviceToken,
        body: { name },
        expectStatus: 200,
      });
    const first = await openSocket(alice.deviceToken);
    const leaving = await openSocket(alice.deviceToken);
    await rename("Phone");
    await first.waitFor((f) => f.type === "device.changed" && f.device.name === "Phone");
    // The object's socket list changes after it has broadcast: a socket joins, then one leaves.
    const late = await openSocket(alice.deviceToken);
    await rename("Tablet");
    await late.waitFor((f) => f.type === "device.changed" && f.device.name === "Tablet");
    leaving.ws.close(1000, "bye");
    await leaving.closed;
    await rename("Desk");
    for (const socket of [first, late]) {
      const frame = await socket.waitFor((f) => f.type === "device.changed" && f.device.name === "Desk");
      expect(frame.device).toMatchObject({ id: alice.deviceId, name: "Desk" });
    }
    expect(late.frames.filter((f) => f.type === "device.changed").map((f) => f.device.name)).toEqual([
      "Tablet",
      "Desk",
    ]);
  });

  it("answers ping with pong and a bad frame with an error frame, without closing", async () => {
    const user = await createUser();
    const socket = await openSocket(user.deviceToken);
    socket.send({ type: "ping", id: "p1" });
    expect(await socket.waitFor((f) => f.type === "pong")).toEqual({ type: "pong", id: "p1" });
    socket.ws.send("{not json");
    socket.send({ type: "agent.subscribe" });
    socket.send({ type: "nope" });
    await socket.waitFor(() => socket.frames.filter((f) => f.type === "error").length >= 3);
    expect(socket.frames.filter((f) => f.type === "error").map((f) => f.code)).toEqual([
      "ws.frame_invalid",
      "ws.frame_invalid",
      "ws.frame_invalid",
    ]);
    socket.send({ type: "ping", id: "p2" });
    await socket.waitFor((f) => f.type === "pong" && f.id === "p2");
  });

  it("a ticket works once; reuse is refused", async () => {
    const user = await createUser();
    const { ticket, expiresAt } = await apiJson("/api/v1/ws-tickets", {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 201,
    });
    expect(ticket.startsWith(`${user.userId}.`)).toBe(true);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const first = await SELF.fetch(`https://edge.test/api/v1/ws?ticket=${ticket}`, {
      headers: { Upgrade: "websocket" },
    });
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    const second = await SELF.fetch(`https://edge.test/api/v1/ws?ticket=${ticket}`, {
      headers: { Upgrade: "websocket" },
    });
    expect(second.status).toBe(401);
    expect((await second.json<any>()).error.code).toBe("auth.ticket_invalid");
  });

  it("revoking a device closes its sockets and broadcasts device.revoked", async () => {
    const user = await createUser();
    const { code } = await apiJson("/api/v1/devices/pairing-codes", {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 201,
    });
    const phone = await apiJson("/api/v1/devices/pair", { body: { code, deviceName: "Phone" }, expectStatus: 201 });
    const laptopSocket = await openSocket(user.deviceToken);
    const phoneSocket = await openSocket(phone.deviceToken);
    await apiJson(`/api/v1/devices/${phone.deviceId}/revoke`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 200,
    });
    expect((await phoneSocket.closed).code).toBe(4001);
    expect(await laptopSocket.waitFor((f) => f.type === "device.revoked")).toMatchObject({ deviceId: phone.deviceId });
    const ticket = await api("/api/v1/ws-tickets", { method: "POST", token: phone.deviceToken });
    expect(ticket.status).toBe(401);
  });

  it("a valid ticket still opens a socket while an outsider's guesses have the user rate-limited", async () => {
    const user = await createUser();
    const { ticket } = await apiJson("/api/v1/ws-tickets", {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 201,
    });
    for (let i = 0; i < 12; i += 1) {
      await SELF.fetch(`https://edge.test/api/v1/ws?ticket=${user.userId}.${"G".repeat(22)}${i}`, {
        headers: { Upgrade: "websocket" },
      });
    }
    const guess = await SELF.fetch(`https://edge.test/api/v1/ws?ticket=${user.userId}.${"H".repeat(22)}`, {
      headers: { Upgrade: "websocket" },
    });
    expect(guess.status).toBe(429);
    const owner = await SELF.fetch(`https://edge.test/api/v1/ws?ticket=${ticket}`, {
      headers: { Upgrade: "websocket" },
    });
    expect(owner.status).toBe(101);
    owner.webSocket!.accept();
  });
});
