/**
 * Smoke test through a real `wrangler dev` (no pool, no eval): setup → token → devices → a socket
 * broadcast over real HTTP and WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createDevUser, startWranglerDev, type WranglerDev } from "./wrangler";

let dev: WranglerDev;

beforeAll(async () => {
  dev = await startWranglerDev();
});

afterAll(async () => {
  await dev?.stop();
});

async function call(path: string, token: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(`${dev.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(init.headers ?? {}) },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("wrangler dev smoke", () => {
  it("health, setup, devices and a live socket broadcast", async () => {
    const health = await fetch(`${dev.url}/api/v1/health`);
    expect(await health.json()).toMatchObject({ ok: true });

    const user = await createDevUser(dev.url, "Smoke laptop");
    const list = await call("/api/v1/devices", user.deviceToken);
    expect(list.status).toBe(200);
    expect(list.body.devices[0]).toMatchObject({ name: "Smoke laptop", current: true });

    const ticket = await call("/api/v1/ws-tickets", user.deviceToken, { method: "POST" });
    expect(ticket.status).toBe(201);
    const socket = new WebSocket(`${dev.url.replace("http", "ws")}/api/v1/ws?ticket=${ticket.body.ticket}`);
    const frames: any[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });

    const renamed = await call(`/api/v1/devices/${user.deviceId}`, user.deviceToken, {
      method: "PATCH",
      body: JSON.stringify({ name: "Renamed" }),
    });
    expect(renamed.status).toBe(200);
    const deadline = Date.now() + 5000;
    while (!frames.some((f) => f.type === "device.changed") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(frames.find((f) => f.type === "device.changed")?.device).toMatchObject({
      id: user.deviceId,
      name: "Renamed",
    });
    socket.close();
  });

  it("serves the web client with a CSP that forbids inline scripts", async () => {
    const response = await fetch(`${dev.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
  });
});
