import { describe, expect, it } from "vitest";
import { api, apiJson } from "../helpers";

describe("health and base errors", () => {
  it("answers health without auth", async () => {
    const body = await apiJson("/api/v1/health", { expectStatus: 200 });
    expect(body).toEqual({ ok: true, version: expect.any(String) });
  });

  it("unknown route → 404 http.route_not_found with a request id", async () => {
    const response = await api("/api/v1/nope");
    expect(response.status).toBe(404);
    const body = await response.json<any>();
    expect(body.error.code).toBe("http.route_not_found");
    expect(body.error.requestId).toBeTruthy();
  });

  it("wrong method → 405 http.method_not_allowed with Allow", async () => {
    const response = await api("/api/v1/health", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
    expect((await response.json<any>()).error.code).toBe("http.method_not_allowed");
  });
});
