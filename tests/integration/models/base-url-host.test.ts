/**
 * A model connection's base URL must name a host after `//` (ADR 0390): `http:///v1` used to be
 * read by the URL parser as host `v1` and saved as `http://v1`.
 */
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";

describe("model connection base URL host", () => {
  it.each(["http:///v1", "https:///api/v1", "http:v1", "http:////v1"])(
    "POST %j → 400 input.invalid (field baseUrl); nothing created",
    async (baseUrl) => {
      const { deviceToken: token } = await createUser();
      const refused = await apiJson("/api/v1/connections", {
        token,
        body: { name: "Local", provider: "openai-compatible", baseUrl, apiKey: "", modelId: "m" },
        expectStatus: 400,
      });
      expect(refused.error).toMatchObject({
        code: "input.invalid",
        details: { field: "baseUrl" },
        message: expect.stringContaining("host"),
      });
      const list = await apiJson("/api/v1/connections", { token, expectStatus: 200 });
      expect(JSON.stringify(list)).not.toContain("Local");
    },
  );

  it("PATCH to http:///v1 is refused and the stored base URL is kept", async () => {
    const { deviceToken: token } = await createUser();
    const conn = await apiJson("/api/v1/connections", {
      token,
      body: {
        name: "Local",
        provider: "openai-compatible",
        baseUrl: "http://127.0.0.1:11434/v1",
        apiKey: "",
        modelId: "m",
      },
      expectStatus: 201,
    });
    const refused = await apiJson(`/api/v1/connections/${conn.id}`, {
      method: "PATCH",
      token,
      body: { baseUrl: "http:///v1" },
      expectStatus: 400,
    });
    expect(refused.error.code).toBe("input.invalid");
    expect((await apiJson(`/api/v1/connections/${conn.id}`, { token, expectStatus: 200 })).baseUrl).toBe(
      "http://127.0.0.1:11434/v1",
    );
  });
});
