import { describe, expect, it } from "vitest";
import { api, createUser } from "../helpers";

async function expectError(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  const body = await response.json<any>();
  expect(body.error).toMatchObject({ code, message: expect.any(String), requestId: expect.any(String) });
}

describe("base HTTP errors", () => {
  it("413 http.body_too_large over 1 MiB", async () => {
    const user = await createUser();
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) });
    await expectError(
      await api(`/api/v1/devices/${user.deviceId}`, { method: "PATCH", token: user.deviceToken, body: big }),
      413,
      "http.body_too_large",
    );
  });

  it("415 http.unsupported_media_type for a non-JSON body", async () => {
    const user = await createUser();
    await expectError(
      await api(`/api/v1/devices/${user.deviceId}`, {
        method: "PATCH",
        token: user.deviceToken,
        body: "name=x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "http.unsupported_media_type",
    );
  });

  it("400 http.invalid_json for malformed JSON", async () => {
    const user = await createUser();
    await expectError(
      await api(`/api/v1/devices/${user.deviceId}`, { method: "PATCH", token: user.deviceToken, body: '{"name":' }),
      400,
      "http.invalid_json",
    );
  });

  it("400 input.invalid with zod issues in details", async () => {
    const user = await createUser();
    const response = await api(`/api/v1/devices/${user.deviceId}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: { name: 42 },
    });
    expect(response.status).toBe(400);
    const body = await response.json<any>();
    expect(body.error.code).toBe("input.invalid");
    expect(body.error.details.issues[0].path).toBe("name");
  });

  it("404 http.route_not_found and 405 http.method_not_allowed", async () => {
    const user = await createUser();
    await expectError(await api("/api/v1/nothing-here"), 404, "http.route_not_found");
    await expectError(await api("/api/v1/devices/x/y/z", { token: user.deviceToken }), 404, "http.route_not_found");
    await expectError(await api("/api/v1/devices/pairing-codes", { method: "GET" }), 405, "http.method_not_allowed");
    await expectError(await api("/api/v1/setup", { method: "PUT" }), 405, "http.method_not_allowed");
  });

  it("a non-upgrade request to the socket endpoint gets a 4xx, not a 500", async () => {
    await expectError(await api("/api/v1/ws?ticket=x"), 426, "http.upgrade_required");
  });
});
