/** The web client's HTTP client (web/src/api/client.ts): envelopes become displayable ApiErrors. */
import { describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, describeError } from "../../../web/src/api/client";
import { devicesApi } from "../../../web/src/api/devices";

function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => respond(String(input), init ?? {}));
}

const envelope = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message, requestId: "req-1" } }), {
    status,
    headers: { "content-type": "application/json" },
  });

describe("createApiClient", () => {
  it("sends the session token and JSON, and parses the answer", async () => {
    const fetchImpl = fakeFetch(() => Response.json({ id: "dev_1", name: "New" }));
    const api = createApiClient({ getToken: () => "tte_x", fetchImpl });
    const device = await devicesApi(api).rename("dev/1", "New");
    expect(device).toEqual({ id: "dev_1", name: "New" });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe("/api/v1/devices/dev%2F1");
    expect(init!.method).toBe("PATCH");
    expect((init!.headers as Record<string, string>).authorization).toBe("Bearer tte_x");
    expect(init!.body).toBe(JSON.stringify({ name: "New" }));
  });

  it("turns the error envelope into an ApiError with status, code, message and request id", async () => {
    const api = createApiClient({
      getToken: () => "tte_x",
      fetchImpl: fakeFetch(() => envelope(404, "device.not_found", "No such device.")),
    });
    const error = await api.get("/devices/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: "device.not_found",
      message: "No such device.",
      requestId: "req-1",
    });
    expect(describeError(error)).toEqual({ code: "device.not_found", message: "No such device." });
  });

  it("a non-JSON failure and an unreachable server still get a code and a readable message", async () => {
    const html = createApiClient({
      getToken: () => null,
      fetchImpl: fakeFetch(() => new Response("<html>Bad gateway</html>", { status: 502 })),
    });
    await expect(html.get("/health")).rejects.toMatchObject({ status: 502, code: "client.bad_response" });
    const down = createApiClient({
      getToken: () => null,
      fetchImpl: fakeFetch(() => {
        throw new TypeError("Failed to fetch");
      }),
    });
    await expect(down.get("/health")).rejects.toMatchObject({ status: 0, code: "client.network_unreachable" });
  });

  it("signs out when the session token is revoked, but not when a setup token is refused", async () => {
    const onSignedOut = vi.fn();
    const revoked = createApiClient({
      getToken: () => "tte_x",
      onSignedOut,
      fetchImpl: fakeFetch(() => envelope(401, "auth.token_revoked", "Revoked.")),
    });
    await expect(revoked.get("/devices")).rejects.toMatchObject({ code: "auth.token_revoked" });
    expect(onSignedOut).toHaveBeenCalledOnce();

    onSignedOut.mockClear();
    const fetchImpl = fakeFetch(() => envelope(401, "auth.token_invalid", "The setup token is not valid."));
    const setup = createApiClient({ getToken: () => "tte_x", onSignedOut, fetchImpl });
    await expect(devicesApi(setup).setup("wrong", "Laptop")).rejects.toMatchObject({ code: "auth.token_invalid" });
    expect((fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBe("Bearer wrong");
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it("pairing sends no token at all", async () => {
    const fetchImpl = fakeFetch(() => Response.json({ userId: "u", deviceId: "d", deviceToken: "t" }, { status: 201 }));
    const api = createApiClient({ getToken: () => "tte_x", fetchImpl });
    await devicesApi(api).pair("code", "Phone");
    expect((fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBeUndefined();
  });
});
