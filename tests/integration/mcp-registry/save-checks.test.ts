/**
 * Save-time checks found by a fresh-user test pass (docs/spec/mcp-platform.md §3, §5; ADRs 0390, 0392–0395):
 * endpoints without a host, blank description overrides, malformed percent-encoding in
 * `:nativeName`, invalid / reserved headers at create, update and import, duplicate endpoints.
 */
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser } from "../helpers";
import { createServer } from "./registry-helpers";

const servers = async (token: string) => (await apiJson("/api/v1/mcp/servers", { token, expectStatus: 200 })).servers;

describe("endpoints need a host written after //", () => {
  it.each(["http:///mcp", "https:///api/mcp", "http:mcp", "http:////mcp", "http:/mcp"])(
    "create %j → 400 mcp.endpoint_absolute_required, nothing created",
    async (endpoint) => {
      const { deviceToken: token } = await createUser();
      const response = await apiJson("/api/v1/mcp/servers", {
        token,
        body: { displayName: "A", endpoint },
        expectStatus: 400,
      });
      expect(response.error.code).toBe("mcp.endpoint_absolute_required");
      expect(await servers(token)).toEqual([]);
    },
  );

  it("update to http:///mcp and an import entry with it are refused too", async () => {
    const { deviceToken: token } = await createUser();
    const server = await createServer(token, { displayName: "A", endpoint: "https://a.example/mcp" });
    const put = await apiJson(`/api/v1/mcp/servers/${server.id}`, {
      method: "PUT",
      token,
      body: { displayName: "A", endpoint: "http:///mcp", headers: {}, protocolVersion: "auto" },
      expectStatus: 400,
    });
    expect(put.error.code).toBe("mcp.endpoint_absolute_required");
    const imported = await apiJson("/api/v1/mcp/servers", {
      token,
      body: { json: JSON.stringify({ mcpServers: { broken: { url: "http:///mcp" } } }) },
      expectStatus: 201,
    });
    expect(imported.servers).toEqual([]);
    expect(imported.skipped).toEqual([
      { name: "broken", code: "mcp.endpoint_absolute_required", message: expect.any(String) },
    ]);
    expect((await servers(token)).map((s: any) => s.endpoint)).toEqual(["https://a.example/mcp"]);
  });

  it("ordinary endpoints (port, IPv6, userinfo, query) still save", async () => {
    const { deviceToken: token } = await createUser();
    for (const endpoint of ["http://127.0.0.1:3000/mcp", "http://[::1]:8080/", "https://u:p@host.example?x=1"]) {
      await createServer(token, { displayName: "ok", endpoint });
    }
    expect(await servers(token)).toHaveLength(3);
  });
});

describe("description overrides may not be blank", () => {
  it.each([
    [{ description: "" }],
    [{ description: "   \n\t" }],
    [{ properties: { q: "" } }],
    [{ description: "Find", properties: { q: "  " } }],
  ])("%j → 400 mcp.description_override_empty; nothing changed", async (override) => {
    const { deviceToken: token } = await createUser();
    const server = await createServer(token, { displayName: "A", endpoint: "https://a.example/" });
    const path = `/api/v1/mcp/servers/${server.id}/tools/echo/description-override`;
    const kept = await apiJson(path, {
      method: "PUT",
      token,
      body: { override: { description: "Repeat", properties: { q: "Text" } } },
      expectStatus: 200,
    });
    const response = await apiJson(path, { method: "PUT", token, body: { override }, expectStatus: 400 });
    expect(response.error.code).toBe("mcp.description_override_empty");
    const [after] = await servers(token);
    expect(after.revision).toBe(kept.revision);
    expect(after.toolDescriptionOverrides).toEqual({ echo: { description: "Repeat", properties: { q: "Text" } } });
  });

  it("non-blank text is still stored verbatim (no trim)", async () => {
    const { deviceToken: token } = await createUser();
    const server = await createServer(token, { displayName: "A", endpoint: "https://a.example/" });
    const saved = await apiJson(`/api/v1/mcp/servers/${server.id}/tools/echo/description-override`, {
      method: "PUT",
      token,
      body: { override: { description: "  padded  ", properties: { q: " x " } } },
      expectStatus: 200,
    });
    expect(saved.toolDescriptionOverrides.echo).toEqual({ description: "  padded  ", properties: { q: " x " } });
  });
});

describe("malformed percent-encoding in :nativeName", () => {
  const leaves = [
    ["permission", "PUT", { permission: "allow" }],
    ["description-override", "PUT", { override: { description: "x" } }],
    ["test-call", "POST", { argumentsJson: "{}" }],
  ] as const;
  for (const segment of ["%E5%ZZ", "%FF", "%", "abc%2"]) {
    for (const [leaf, method, body] of leaves) {
      it(`${leaf} with ${segment} → 400 mcp.tool_name_invalid; nothing stored`, async () => {
        const { deviceToken: token } = await createUser();
        const server = await createServer(token, { displayName: "A", endpoint: "https://a.example/" });
        const response = await api(`/api/v1/mcp/servers/${server.id}/tools/${segment}/${leaf}`, {
          method,
          token,
          body,
        });
        const answer = (await response.json()) as any;
        expect(response.status, JSON.stringify(answer)).toBe(400);
        expect(answer.error.code).toBe("mcp.tool_name_invalid");
        expect(answer.error.message).toContain("percent-encoded");
        const [after] = await servers(token);
        expect(after).toMatchObject({ revision: 1, toolPermissions: {}, toolDescriptionOverrides: {} });
      });
    }
  }

  it("valid escapes still decode (%25, %2F, UTF-8) and without a token it is still 401", async () => {
    const { deviceToken: token } = await createUser();
    const server = await createServer(token, { displayName: "A", endpoint: "https://a.example/" });
    const saved = await apiJson(`/api/v1/mcp/servers/${server.id}/tools/100%25%2F%E6%A4%9C/permission`, {
      method: "PUT",
      token,
      body: { permission: "ask" },
      expectStatus: 200,
    });
    expect(saved.toolPermissions).toEqual({ "100%/検": "ask" });
    expect(
      (
        await api(`/api/v1/mcp/servers/${server.id}/tools/%FF/permission`, {
          method: "PUT",
          body: { permission: "ask" },
        })
      ).status,
    ).toBe(401);
  });
});

describe("headers are checked when saved", () => {
  const cases = [
    [{ "Bad Name": "v\r\nX: y" }, "mcp.header_name_invalid"],
    [{ "X-Token": "secret-1\r\nX-Injected: y" }, "mcp.header_value_invalid"],
    // U+0000 is refused in every JSON body before any feature check (docs/spec/hardening.md).
    [{ "X-Token": "secret-1\u0000" }, "input.invalid_text"],
    [{ "Mcp-Session-Id": "secret-1" }, "mcp.header_reserved"],
    [{ "mcp-param-region": "secret-1" }, "mcp.header_reserved"],
    [{ Accept: "secret-1" }, "mcp.header_reserved"],
  ] as const;

  it.each(cases)("create with %j → 400 %s; the value is never echoed", async (headers, code) => {
    const { deviceToken: token } = await createUser();
    const response = await api("/api/v1/mcp/servers", {
      token,
      body: { displayName: "A", endpoint: "https://a.example/", headers },
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text).error.code).toBe(code);
    expect(text).not.toContain("secret-1");
    expect(text).not.toContain("X: y");
    expect(await servers(token)).toEqual([]);
  });

  it.each(cases)("full-replacement update with %j → 400 %s; the server is unchanged", async (headers, code) => {
    const { deviceToken: token } = await createUser();
    const server = await createServer(token, {
      displayName: "A",
      endpoint: "https://a.example/",
      headers: { "X-Api-Key": "k" },
    });
    const response = await api(`/api/v1/mcp/servers/${server.id}`, {
      method: "PUT",
      token,
      body: { displayName: "A", endpoint: "https://a.example/", headers, protocolVersion: "auto" },
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text).error.code).toBe(code);
    expect(text).not.toContain("secret-1");
    const [after] = await servers(token);
    expect(after).toMatchObject({ revision: 1, headers: { "X-Api-Key": "k" } });
  });

  it("JSON import skips each bad entry with the header code and keeps the good ones", async () => {
    const { deviceToken: token } = await createUser();
    const json = JSON.stringify({
      mcpServers: {
        good: { url: "https://good.example/mcp", headers: { Authorization: "Bearer ok" } },
        badName: { url: "https://a.example/mcp", headers: { "Bad Name": "secret-1" } },
        badValue: { url: "https://b.example/mcp", headers: { "X-Token": "secret-1\nX: y" } },
        reserved: { url: "https://c.example/mcp", headers: { "Mcp-Protocol-Version": "secret-1" } },
      },
    });
    const response = await api("/api/v1/mcp/servers", { token, body: { json } });
    const text = await response.text();
    expect(response.status).toBe(201);
    const result = JSON.parse(text);
    expect(result.servers.map((s: any) => s.displayName)).toEqual(["good"]);
    expect(result.skipped.map((s: any) => [s.name, s.code])).toEqual([
      ["badName", "mcp.header_name_invalid"],
      ["badValue", "mcp.header_value_invalid"],
      ["reserved", "mcp.header_reserved"],
    ]);
    expect(text).not.toContain("secret-1");
    expect(await servers(token)).toHaveLength(1);
  });
});

describe("duplicate endpoints are created with a warning", () => {
  it("importing the same mcpServers JSON twice warns once per duplicate, naming the existing server", async () => {
    const { deviceToken: token } = await createUser();
    const json = JSON.stringify({
      mcpServers: { search: { url: "https://search.example/mcp" }, docs: { url: "https://docs.example/mcp" } },
    });
    const first = await apiJson("/api/v1/mcp/servers", { token, body: { json }, expectStatus: 201 });
    expect(first.servers.map((s: any) => s.warnings)).toEqual([undefined, undefined]);
    const second = await apiJson("/api/v1/mcp/servers", { token, body: { json }, expectStatus: 201 });
    expect(second.servers.map((s: any) => s.warnings)).toEqual([
      [{ code: "mcp.import_duplicate_endpoint", message: '"search" uses the same endpoint as "search".' }],
      [{ code: "mcp.import_duplicate_endpoint", message: '"docs" uses the same endpoint as "docs".' }],
    ]);
    expect(await servers(token)).toHaveLength(4);
  });

  it("duplicates inside one document and a userinfo-only difference are noticed; other paths are not", async () => {
    const { deviceToken: token } = await createUser();
    const json = JSON.stringify({
      mcpServers: {
        one: { url: "https://Search.Example/mcp" },
        two: { url: "https://alice:pw@search.example/mcp" },
        other: { url: "https://search.example/mcp/v2" },
      },
    });
    const result = await apiJson("/api/v1/mcp/servers", { token, body: { json }, expectStatus: 201 });
    expect(result.servers.map((s: any) => [s.displayName, s.warnings?.map((w: any) => w.message)])).toEqual([
      ["one", undefined],
      ["two", ['"two" uses the same endpoint as "one".']],
      ["other", undefined],
    ]);
  });

  it("a manual create with an endpoint already registered warns too", async () => {
    const { deviceToken: token } = await createUser();
    const first = await createServer(token, { displayName: "Search", endpoint: "https://search.example/mcp" });
    expect(first.warnings).toBeUndefined();
    const again = await createServer(token, { displayName: "Search (work)", endpoint: "https://search.example/mcp" });
    expect(again.warnings).toEqual([
      { code: "mcp.import_duplicate_endpoint", message: '"Search (work)" uses the same endpoint as "Search".' },
    ]);
    expect(await servers(token)).toHaveLength(2);
  });
});
