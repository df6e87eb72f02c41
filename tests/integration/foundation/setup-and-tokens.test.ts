import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SqlDeviceStore } from "../../../src/adapters/storage/device-store";
import { deviceServices } from "../../../src/composition/devices";
import { hotRows } from "../../../src/composition/hot-rows";
import { formatDeviceToken } from "../../../src/domain/auth/credentials";
import { sha256Hex } from "../../../src/domain/ids";
import type { UserSpace } from "../../../durable-objects/user-space";
import { api, apiJson, createUser, SETUP_TOKEN } from "../helpers";

async function errorCode(response: Response): Promise<string> {
  return (await response.json<any>()).error.code;
}

describe("setup", () => {
  it("missing setup token → 401 auth.token_missing, wrong → 401 auth.token_invalid, nothing created", async () => {
    const missing = await api("/api/v1/setup", { body: {} });
    expect(missing.status).toBe(401);
    expect(await errorCode(missing)).toBe("auth.token_missing");
    const wrong = await api("/api/v1/setup", { token: "not-the-setup-token", body: {} });
    expect(wrong.status).toBe(401);
    expect(await errorCode(wrong)).toBe("auth.token_invalid");
  });

  it("creates a user with a device token of the documented form", async () => {
    const user = await createUser("Phone");
    expect(user.userId).toMatch(/^[0-9a-f]{32}$/);
    expect(user.deviceToken).toMatch(new RegExp(`^tte_${user.userId}_[A-Za-z0-9_-]{43}$`));
    const { devices } = await apiJson("/api/v1/devices", { token: user.deviceToken, expectStatus: 200 });
    expect(devices).toEqual([
      expect.objectContaining({ id: user.deviceId, name: "Phone", current: true, revoked: false }),
    ]);
  });

  it("stores only a SHA-256 of the token secret", async () => {
    const user = await createUser();
    const secret = user.deviceToken.split("_").slice(2).join("_");
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName(user.userId));
    const rows = await runInDurableObject(stub, (_instance, state) =>
      state.storage.sql.exec("SELECT * FROM te_devices").toArray(),
    );
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("device tokens", () => {
  it("rejects every bad token form", async () => {
    const alice = await createUser("alice");
    const secretless = `tte_${alice.userId}_`;
    const cases: Array<[string | undefined, string]> = [
      [undefined, "auth.token_missing"],
      ["garbage", "auth.token_invalid"],
      [secretless, "auth.token_invalid"],
      [`tte_${alice.userId}_${"A".repeat(43)}`, "auth.token_invalid"],
      [`tte_${"f".repeat(32)}_${"A".repeat(43)}`, "auth.token_invalid"],
    ];
    for (const [token, code] of cases) {
      const response = await api("/api/v1/devices", token === undefined ? {} : { token });
      expect(response.status, String(token)).toBe(401);
      expect(await errorCode(response)).toBe(code);
    }
  });

  it("an object setup never created writes nothing", async () => {
    const userId = "e".repeat(32);
    const response = await api("/api/v1/devices", { token: `tte_${userId}_${"B".repeat(43)}` });
    expect(response.status).toBe(401);
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName(userId));
    const tables = await runInDurableObject(stub, (_i, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type='table' AND name LIKE 'te_%'").toArray(),
    );
    expect(tables).toEqual([]);
  });

  it("a token of user A never reaches user B's data", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    // Alice's secret with Bob's user id: routed to Bob's object, where it matches nothing.
    const forged = `tte_${bob.userId}_${alice.deviceToken.split("_").slice(2).join("_")}`;
    const response = await api("/api/v1/devices", { token: forged });
    expect(response.status).toBe(401);
    const aliceView = await apiJson("/api/v1/devices", { token: alice.deviceToken, expectStatus: 200 });
    expect(aliceView.devices.map((d: any) => d.id)).toEqual([alice.deviceId]);
    const rename = await api(`/api/v1/devices/${bob.deviceId}`, {
      method: "PATCH",
      token: alice.deviceToken,
      body: { name: "pwned" },
    });
    expect(rename.status).toBe(404);
  });

  it("a revoked token fails at once with auth.token_revoked", async () => {
    const user = await createUser();
    const { code } = await apiJson("/api/v1/devices/pairing-codes", {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 201,
    });
    const second = await apiJson("/api/v1/devices/pair", { body: { code, deviceName: "Tablet" }, expectStatus: 201 });
    // Used once, so the object knows the device (it keeps devices by token hash, ADR 3650).
    await apiJson("/api/v1/devices", { token: second.deviceToken, expectStatus: 200 });
    await apiJson(`/api/v1/devices/${second.deviceId}/revoke`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 200,
    });
    const response = await api("/api/v1/devices", { token: second.deviceToken });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe("auth.token_revoked");
  });

  it("a device written in a transaction that fails never signs in, even if it was read inside it", async () => {
    const user = await createUser();
    const stub = env.USER_SPACE.get(env.USER_SPACE.idFromName(user.userId));
    const secret = "A".repeat(43);
    const token = formatDeviceToken(user.userId, secret);
    const outcome = await runInDurableObject(stub, async (instance: UserSpace) => {
      const space = instance.space();
      const store = new SqlDeviceStore(space.sql, hotRows(space));
      const tokenHash = await sha256Hex(secret);
      const readInside: string[] = [];
      try {
        space.storage.transactionSync(() => {
          store.insertDevice({
            id: "dev_rolledback",
            name: "Ghost",
            tokenHash,
            createdAt: 1,
            lastSeenAt: 1,
            revokedAt: null,
          });
          readInside.push(store.byTokenHash(tokenHash)?.id ?? "none");
          throw new Error("boom");
        });
      } catch {
        // rolled back
      }
      const signedIn = await deviceServices(space)
        .authenticate(token)
        .then((deviceId) => deviceId)
        .catch((error: { code?: string }) => error.code ?? "thrown");
      return { readInside, signedIn };
    });
    expect(outcome.readInside).toEqual(["dev_rolledback"]);
    expect(outcome.signedIn).toBe("auth.token_invalid");
    const response = await api("/api/v1/devices", { token });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe("auth.token_invalid");
  });

  it("wrong secrets are rate-limited per user; the owner's valid token still works", async () => {
    const user = await createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await api("/api/v1/devices", { token: `tte_${user.userId}_${String(i).padStart(43, "x")}` })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    await apiJson("/api/v1/devices", { token: user.deviceToken, expectStatus: 200 });
  });
});

describe("recover", () => {
  it("issues a new token to an existing user with the setup token; refuses without it", async () => {
    const user = await createUser();
    const refused = await api("/api/v1/setup/recover", {
      token: "wrong",
      body: { userId: user.userId, deviceName: "Rescue" },
    });
    expect(refused.status).toBe(401);
    const recovered = await apiJson("/api/v1/setup/recover", {
      token: SETUP_TOKEN,
      body: { userId: user.userId, deviceName: "Rescue" },
      expectStatus: 201,
    });
    expect(recovered.userId).toBe(user.userId);
    const { devices } = await apiJson("/api/v1/devices", { token: recovered.deviceToken, expectStatus: 200 });
    expect(devices.map((d: any) => d.name).sort()).toEqual(["Laptop", "Rescue"]);
  });

  it("unknown user → 404 auth.user_not_found and nothing created", async () => {
    const response = await api("/api/v1/setup/recover", {
      token: SETUP_TOKEN,
      body: { userId: "a".repeat(32), deviceName: "x" },
    });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe("auth.user_not_found");
  });
});

describe("answers that reveal nothing", () => {
  it("an unknown user id and a wrong secret get the same 401 message", async () => {
    const user = await createUser();
    const unknown = await api("/api/v1/devices", { token: `tte_${"c".repeat(32)}_${"A".repeat(43)}` });
    const wrong = await api("/api/v1/devices", { token: `tte_${user.userId}_${"A".repeat(43)}` });
    const a = (await unknown.json<any>()).error;
    const b = (await wrong.json<any>()).error;
    expect([a.code, b.code]).toEqual(["auth.token_invalid", "auth.token_invalid"]);
    expect(a.message).toBe(b.message);
  });
});
