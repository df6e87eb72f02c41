import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser } from "../helpers";

async function newCode(token: string): Promise<{ code: string; expiresAt: string }> {
  return apiJson("/api/v1/devices/pairing-codes", { method: "POST", token, expectStatus: 201 });
}

describe("pairing codes", () => {
  it("have the documented form and a 10-minute expiry, and work once", async () => {
    const user = await createUser();
    const before = Date.now();
    const { code, expiresAt } = await newCode(user.deviceToken);
    expect(code.startsWith(`${user.userId}.`)).toBe(true);
    const ttl = Date.parse(expiresAt) - before;
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
    const paired = await apiJson("/api/v1/devices/pair", { body: { code, deviceName: "Tablet" }, expectStatus: 201 });
    expect(paired.userId).toBe(user.userId);
    await apiJson("/api/v1/devices", { token: paired.deviceToken, expectStatus: 200 });
    const again = await api("/api/v1/devices/pair", { body: { code, deviceName: "Thief" } });
    expect(again.status).toBe(401);
    expect((await again.json<any>()).error.code).toBe("auth.pairing_code_invalid");
  });

  it("an expired code is refused with auth.pairing_code_expired", async () => {
    const user = await createUser();
    const { code } = await newCode(user.deviceToken);
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName(user.userId));
    await runInDurableObject(stub, (_i, state) => {
      state.storage.sql.exec("UPDATE te_pairing_codes SET expires_at = ?", Date.now() - 1);
    });
    const response = await api("/api/v1/devices/pair", { body: { code, deviceName: "Late" } });
    expect(response.status).toBe(401);
    expect((await response.json<any>()).error.code).toBe("auth.pairing_code_expired");
  });

  it("failed attempts are rate-limited: after 10 misses even a valid code waits", async () => {
    const user = await createUser();
    const { code } = await newCode(user.deviceToken);
    for (let i = 0; i < 10; i += 1) {
      const miss = await api("/api/v1/devices/pair", {
        body: { code: `${user.userId}.${"Z".repeat(22)}${i}`, deviceName: "x" },
      });
      expect(miss.status).toBe(401);
    }
    const limited = await api("/api/v1/devices/pair", { body: { code, deviceName: "Real" } });
    expect(limited.status).toBe(429);
    expect((await limited.json<any>()).error.code).toBe("auth.rate_limited");
  });

  it("a malformed code or device name is refused without touching any object", async () => {
    expect((await api("/api/v1/devices/pair", { body: { code: "nonsense", deviceName: "x" } })).status).toBe(401);
    const user = await createUser();
    const { code } = await newCode(user.deviceToken);
    const blank = await api("/api/v1/devices/pair", { body: { code, deviceName: "   " } });
    expect(blank.status).toBe(400);
    expect((await blank.json<any>()).error.code).toBe("input.invalid");
  });

  it("a paired device counts as seen; a revoked device cannot be renamed", async () => {
    const user = await createUser();
    const { code } = await newCode(user.deviceToken);
    const paired = await apiJson("/api/v1/devices/pair", { body: { code, deviceName: "Tablet" }, expectStatus: 201 });
    const { devices } = await apiJson("/api/v1/devices", { token: user.deviceToken, expectStatus: 200 });
    expect(devices.find((d: any) => d.id === paired.deviceId).lastSeenAt).toEqual(expect.any(String));
    await apiJson(`/api/v1/devices/${paired.deviceId}/revoke`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 200,
    });
    const rename = await api(`/api/v1/devices/${paired.deviceId}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: { name: "Ghost" },
    });
    expect(rename.status).toBe(409);
    expect((await rename.json<any>()).error.code).toBe("device.revoked");
  });
});
