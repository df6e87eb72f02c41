/**
 * Issue 30 items 1 and 4: a pairing code dies with the device that created it, and an outsider's
 * wrong pairing codes (the user id is in every link) lock out only the outsider's own address,
 * never the owner (counted per CF-Connecting-IP, IPv6 per /64).
 */
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser } from "../helpers";

async function newCode(token: string): Promise<string> {
  return (await apiJson("/api/v1/devices/pairing-codes", { method: "POST", token, expectStatus: 201 })).code;
}

function pair(code: string, deviceName: string, ip?: string): Promise<Response> {
  return api("/api/v1/devices/pair", {
    body: { code, deviceName },
    ...(ip ? { headers: { "cf-connecting-ip": ip } } : {}),
  });
}

describe("pairing codes and revoked devices", () => {
  it("a code minted by a device stops working once that device is revoked", async () => {
    const user = await createUser("Laptop");
    const tablet = await apiJson("/api/v1/devices/pair", {
      body: { code: await newCode(user.deviceToken), deviceName: "Tablet" },
      expectStatus: 201,
    });
    const fromTablet = await newCode(tablet.deviceToken);
    await apiJson(`/api/v1/devices/${tablet.deviceId}/revoke`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 200,
    });
    const response = await pair(fromTablet, "Stranger");
    expect(response.status).toBe(401);
    expect((await response.json<any>()).error.code).toBe("auth.pairing_code_invalid");
    const { devices } = await apiJson("/api/v1/devices", { token: user.deviceToken, expectStatus: 200 });
    expect(devices.map((d: any) => d.name)).toEqual(["Laptop", "Tablet"]);
  });

  it("a code minted by a device that is still signed in keeps working", async () => {
    const user = await createUser("Laptop");
    const response = await pair(await newCode(user.deviceToken), "Phone");
    expect(response.status).toBe(201);
  });
});

describe("pairing rate limit per client address", () => {
  it("an outsider's wrong codes lock out the outsider, not the owner", async () => {
    const user = await createUser();
    const code = await newCode(user.deviceToken);
    for (let i = 0; i < 12; i += 1) await pair(`${user.userId}.${"Z".repeat(22)}${i}`, "x", "203.0.113.9");
    const outsider = await pair(`${user.userId}.${"Y".repeat(22)}`, "x", "203.0.113.9");
    expect(outsider.status).toBe(429);
    expect((await outsider.json<any>()).error.code).toBe("auth.rate_limited");
    const owner = await pair(code, "Owner's phone", "198.51.100.7");
    expect(owner.status).toBe(201);
  });

  it("IPv6 addresses count per /64, so rotating inside one /64 does not escape the limit", async () => {
    const user = await createUser();
    for (let i = 0; i < 11; i += 1)
      await pair(`${user.userId}.${"Z".repeat(22)}${i}`, "x", `2001:db8:1:2::${(i + 1).toString(16)}`);
    const rotated = await pair(`${user.userId}.${"Z".repeat(23)}`, "x", "2001:db8:1:2:ffff::9");
    expect(rotated.status).toBe(429);
    const neighbour = await pair(await newCode(user.deviceToken), "Phone", "2001:db8:1:3::1");
    expect(neighbour.status).toBe(201);
  });

  it("a caller's own valid code is still refused while that caller is over the limit", async () => {
    const user = await createUser();
    const code = await newCode(user.deviceToken);
    for (let i = 0; i < 10; i += 1) await pair(`${user.userId}.${"Z".repeat(22)}${i}`, "x", "192.0.2.1");
    const limited = await pair(code, "Real", "192.0.2.1");
    expect(limited.status).toBe(429);
  });
});
