/**
 * A revoked device loses every socket over real `wrangler dev` (issue 30 item 9). The phone runs
 * the web client's own SocketClient (web/src/socket/socket-client.ts) and never follows a run or
 * sends anything of its own; revoking it from the laptop must sign it out through close 4001
 * within seconds. (workerd leaves a hibernatable socket that never sent a frame in CLOSING after a
 * server close; docs/spec/hardening.md "Revoked devices".)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SocketClient } from "../../web/src/socket/socket-client";
import { createDevUser, startWranglerDev, type WranglerDev } from "./wrangler";

let dev: WranglerDev;

beforeAll(async () => {
  dev = await startWranglerDev();
});

afterAll(async () => {
  await dev?.stop();
});

async function call(path: string, token: string | null, init: RequestInit = {}): Promise<any> {
  const response = await fetch(`${dev.url}${path}`, {
    ...init,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "content-type": "application/json",
    },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function until(check: () => boolean, what: string, ms = 8_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("revoking a device over wrangler dev", () => {
  it("signs out the web client of the revoked device through close 4001", async () => {
    const owner = await createDevUser(dev.url, "Owner laptop");
    const pairing = await call("/api/v1/devices/pairing-codes", owner.deviceToken, { method: "POST" });
    const phone = (
      await call("/api/v1/devices/pair", null, {
        method: "POST",
        body: JSON.stringify({ code: pairing.body.code, deviceName: "Phone" }),
      })
    ).body as { deviceId: string; deviceToken: string };
    const signedOut: string[] = [];
    const client = new SocketClient({
      getTicket: async () => (await call("/api/v1/ws-tickets", phone.deviceToken, { method: "POST" })).body.ticket,
      socketUrl: (ticket) => `${dev.url.replace("http", "ws")}/api/v1/ws?ticket=${encodeURIComponent(ticket)}`,
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      onSignedOut: (reason) => signedOut.push(reason),
    });
    client.start();
    await until(() => client.status === "online", "the phone's socket to open");
    const revoked = await call(`/api/v1/devices/${phone.deviceId}/revoke`, owner.deviceToken, { method: "POST" });
    expect(revoked.status).toBe(200);
    await until(() => signedOut.length > 0, "the phone to be signed out by close 4001");
    expect(client.status).toBe("stopped");
    expect(signedOut).toEqual(["This device was signed out from another device."]);
  });
});
