/**
 * /api/v1/connections through the Worker and the user's Durable Object (issue [model-gateway];
 * docs/spec/hosted.md §9): sealed keys shown only as a hint, one default, test connection
 * against the scripted model peer, errors, frames, and the development-only single step.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { hotRows } from "../../../src/composition/hot-rows";
import { modelServices } from "../../../src/composition/models";
import { api, apiJson, createUser, openSocket, type TestUser } from "../helpers";
import { loadScript, modelPeer, recorded } from "./helpers";

const KEY = "sk-live-VERYSECRET-9f8e";

function rows(userId: string, sql: string): Promise<Record<string, unknown>[]> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return runInDurableObject(namespace.get(namespace.idFromName(userId)), (_i: UserSpace, state) =>
    state.storage.sql.exec(sql).toArray(),
  );
}

describe("model connections API", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser();
  });

  const create = (body: Record<string, unknown>, expectStatus = 201) =>
    apiJson("/api/v1/connections", { token: user.deviceToken, body, expectStatus });
  /** A connection to the scripted model peer. */
  const scripted = (name: string, apiKey: string, modelId: string, extra: Record<string, unknown> = {}) =>
    create({ name, provider: "openai-compatible", baseUrl: `${modelPeer()}/v1`, apiKey, modelId, ...extra });
  /** The user's object. */
  const userObject = () => {
    const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
    return namespace.get(namespace.idFromName(user.userId));
  };

  it("creates a connection: key sealed at rest, shown only as its last 4 characters, first one is the default", async () => {
    const socket = await openSocket(user.deviceToken);
    const created = await create({
      name: " Local model ",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1/`,
      apiKey: KEY,
      modelId: "any-model",
      defaults: { temperature: 0.2 },
    });
    expect(created).toMatchObject({
      name: "Local model",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1`,
      modelId: "any-model",
      apiKeyHint: "9f8e",
      isDefault: true,
      defaults: { temperature: 0.2 },
    });
    expect(created.id).toMatch(/^conn_/);
    expect(JSON.stringify(created)).not.toContain("VERYSECRET");
    const frame = await socket.waitFor((f) => f.type === "model.connection_changed" && f.connection.id === created.id);
    expect(JSON.stringify(frame)).not.toContain("VERYSECRET");

    const listed = await apiJson("/api/v1/connections", { token: user.deviceToken, expectStatus: 200 });
    expect(listed.connections.map((c: any) => c.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain("VERYSECRET");

    const stored = await rows(user.userId, "SELECT * FROM te_model_connections");
    expect(JSON.stringify(stored)).not.toContain("VERYSECRET");
    expect(JSON.parse(String(stored[0]!.api_key_sealed))).toEqual({
      kid: expect.any(String),
      iv: expect.any(String),
      ct: expect.any(String),
    });
    socket.ws.close();
  });

  it("keeps exactly one default connection", async () => {
    const first = (await apiJson("/api/v1/connections", { token: user.deviceToken })).connections.find(
      (c: any) => c.isDefault,
    );
    const second = await create({
      name: "Claude",
      provider: "anthropic",
      apiKey: "sk-ant-0000000000",
      modelId: "claude-sonnet-4-5",
      isDefault: true,
    });
    expect(second.isDefault).toBe(true);
    const after = await apiJson("/api/v1/connections", { token: user.deviceToken });
    expect(after.connections.filter((c: any) => c.isDefault).map((c: any) => c.id)).toEqual([second.id]);
    const back = await apiJson(`/api/v1/connections/${first.id}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: { isDefault: true },
      expectStatus: 200,
    });
    expect(back.isDefault).toBe(true);
    expect((await apiJson(`/api/v1/connections/${second.id}`, { token: user.deviceToken })).isDefault).toBe(false);
  });

  it("updates name, model and key (new hint), and deletes", async () => {
    const conn = await create({
      name: "Gemini",
      provider: "google",
      apiKey: "AIzaOLDKEY-1111",
      modelId: "gemini-2.5-flash",
    });
    const patched = await apiJson(`/api/v1/connections/${conn.id}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: { name: "Gemini Pro", modelId: "gemini-2.5-pro", apiKey: "AIzaNEWKEY-2222" },
      expectStatus: 200,
    });
    expect(patched).toMatchObject({ name: "Gemini Pro", modelId: "gemini-2.5-pro", apiKeyHint: "2222" });
    expect(
      await apiJson(`/api/v1/connections/${conn.id}`, { method: "DELETE", token: user.deviceToken, expectStatus: 200 }),
    ).toEqual({ id: conn.id, deleted: true });
    const gone = await apiJson(`/api/v1/connections/${conn.id}`, { token: user.deviceToken, expectStatus: 404 });
    expect(gone.error.code).toBe("model.connection_not_found");
  });

  it("refuses invalid input with input.invalid", async () => {
    expect(
      (await create({ name: "x", provider: "openai-compatible", apiKey: "", modelId: "m" }, 400)).error,
    ).toMatchObject({ code: "input.invalid", message: expect.stringContaining("base URL") });
    expect((await create({ name: "x", provider: "mistral", apiKey: "k", modelId: "m" }, 400)).error.code).toBe(
      "input.invalid",
    );
    expect((await create({ name: "x", provider: "openai", apiKey: " ", modelId: "m" }, 400)).error.message).toContain(
      "API key",
    );
    expect(
      (
        await create(
          { name: "x", provider: "openai", apiKey: "k", modelId: "m", baseUrl: "https://u:p@api.example.com/v1" },
          400,
        )
      ).error.code,
    ).toBe("input.invalid");
    expect((await api("/api/v1/connections")).status).toBe(401);
  });

  it("test connection sends a one-token request and reports latency", async () => {
    const script = await loadScript([{ text: "OK", finishReason: "length" }]);
    const conn = await create({
      name: "Scripted",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1`,
      apiKey: KEY,
      modelId: script,
    });
    const result = await apiJson(`/api/v1/connections/${conn.id}/test`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 200,
    });
    expect(result).toEqual({ ok: true, latencyMs: expect.any(Number), modelId: script });
    const [request] = await recorded(script);
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body.max_tokens).toBe(1);
    expect(request!.stream).toBe(false);
  });

  it("test connection reports the provider's error code and message, without the key", async () => {
    const script = await loadScript([
      { error: { status: 401, message: `Incorrect API key provided: ${KEY}.` } },
      { error: { status: 429, message: "Too many requests" } },
    ]);
    const conn = await create({
      name: "Denied",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1`,
      apiKey: KEY,
      modelId: script,
    });
    const denied = await apiJson(`/api/v1/connections/${conn.id}/test`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 502,
    });
    expect(denied.error).toMatchObject({ code: "model.provider_denied", details: { status: 401, retryable: false } });
    expect(denied.error.message).toContain("Incorrect API key provided");
    expect(denied.error.message).not.toContain("VERYSECRET");
    expect(denied.error.details.providerMessage).toMatch(/^Incorrect API key provided/);
    expect(denied.error.details.providerMessage).not.toContain("VERYSECRET");
    // The provider label starts the sentence here, so it keeps its capital.
    expect(denied.error.message).toMatch(/^The OpenAI-compatible endpoint refused the credentials/);
    const limited = await apiJson(`/api/v1/connections/${conn.id}/test`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 429,
    });
    expect(limited.error).toMatchObject({ code: "model.provider_rate_limited", details: { retryable: true } });
  });

  it("test connection to a port nothing listens on says the server refused the connection, in plain words", async () => {
    const conn = await create({
      name: "Dead port",
      provider: "openai-compatible",
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: KEY,
      modelId: "m",
    });
    const failed = await apiJson(`/api/v1/connections/${conn.id}/test`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 502,
    });
    expect(failed.error).toMatchObject({ code: "model.request_failed", details: { retryable: true } });
    expect(failed.error.message).toBe(
      "Could not reach the OpenAI-compatible endpoint: the server refused the connection or is not running.",
    );
  });

  it("a key sealed under another DATA_KEY still lists (apiKeyUnavailable) and using it is secrets.key_mismatch", async () => {
    const conn = await create({ name: "Rotated", provider: "openai", apiKey: "sk-rotated-000000", modelId: "gpt-4.1" });
    const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
    await runInDurableObject(namespace.get(namespace.idFromName(user.userId)), (instance: UserSpace, state) => {
      const row = state.storage.sql.exec("SELECT api_key_sealed FROM te_model_connections WHERE id = ?", conn.id).one();
      const sealed = JSON.parse(String(row.api_key_sealed));
      state.storage.sql.exec(
        "UPDATE te_model_connections SET api_key_sealed = ? WHERE id = ?",
        JSON.stringify({ ...sealed, kid: "0000000000000000" }),
        conn.id,
      );
      // A key sealed under another DATA_KEY comes with a new deployment, i.e. a restarted object
      // whose memory holds no rows: forget the kept ones as a restart would.
      hotRows(instance.space()).invalidate();
    });
    const listed = await apiJson("/api/v1/connections", { token: user.deviceToken });
    expect(listed.connections.find((c: any) => c.id === conn.id)).toMatchObject({
      apiKeyUnavailable: true,
      apiKeyHint: "0000",
    });
    const failed = await apiJson(`/api/v1/connections/${conn.id}/test`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 409,
    });
    expect(failed.error.code).toBe("secrets.key_mismatch");
  });

  it("dev-step runs one streamed tool-call step in development", async () => {
    const script = await loadScript([
      { text: "Checking.", toolCalls: [{ id: "call_dev", name: "lookup", arguments: '{"q":"x"}' }] },
    ]);
    const conn = await create({
      name: "Dev",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1`,
      apiKey: KEY,
      modelId: script,
    });
    const result = await apiJson(`/api/v1/connections/${conn.id}/dev-step`, {
      token: user.deviceToken,
      body: {
        request: {
          messages: [{ role: "user", parts: [{ type: "text", text: "go" }] }],
          tools: [{ alias: "lookup", description: "Look up", inputSchema: { type: "object" } }],
        },
      },
      expectStatus: 200,
    });
    expect(result.response.toolCalls).toEqual([{ id: "call_dev", alias: "lookup", argumentsText: '{"q":"x"}' }]);
    expect(result.deltas.map((d: any) => d.text).join("")).toBe("Checking.");
    expect((await recorded(script))[0]!.stream).toBe(true);
  });

  it("a connection's gateway is built once and built again when the connection changes", async () => {
    const conn = await scripted("Memo", "sk-memo-0001", "first-model");
    const stub = userObject();
    const gateways = () =>
      runInDurableObject(stub, async (instance: UserSpace) => {
        const models = modelServices(instance.space());
        const a = await models.gateway(conn.id);
        const b = await models.gateway(conn.id);
        const other = await models.gateway(conn.id, "other-model");
        return { same: a === b, modelId: a.modelId, otherModel: other.modelId, otherSame: other === a };
      });
    const before = await gateways();
    expect(before).toMatchObject({ same: true, modelId: "first-model", otherModel: "other-model", otherSame: false });
    await apiJson(`/api/v1/connections/${conn.id}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: { modelId: "second-model" },
      expectStatus: 200,
    });
    const after = await runInDurableObject(stub, async (instance: UserSpace) => {
      const gateway = await modelServices(instance.space()).gateway(conn.id);
      return { modelId: gateway.modelId };
    });
    expect(after.modelId).toBe("second-model");
  });

  it("deleting the default leaves none: using the default then says so with its own code", async () => {
    const other = await createUser();
    const make = (name: string, modelId: string) =>
      apiJson("/api/v1/connections", {
        token: other.deviceToken,
        body: { name, provider: "openai-compatible", baseUrl: `${modelPeer()}/v1`, apiKey: "sk-none-0001", modelId },
        expectStatus: 201,
      });
    const first = await make("First", "model-1");
    const second = await make("Second", "model-2");
    expect(first.isDefault).toBe(true);
    await apiJson(`/api/v1/connections/${first.id}`, { method: "DELETE", token: other.deviceToken, expectStatus: 200 });
    const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
    const outcome = await runInDurableObject(
      namespace.get(namespace.idFromName(other.userId)),
      async (i: UserSpace) => {
        const models = modelServices(i.space());
        const byDefault = await models.gateway().then(
          () => null,
          (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
        );
        const byId = (await models.gateway(second.id)).modelId;
        return { byDefault, byId };
      },
    );
    expect(outcome).toEqual({
      byDefault: {
        code: "model.no_default_connection",
        message: "There is no default model connection. Add a connection or mark one as the default.",
      },
      byId: "model-2",
    });
    const missing = await apiJson(`/api/v1/connections/${first.id}`, { token: other.deviceToken, expectStatus: 404 });
    expect(missing.error.code).toBe("model.connection_not_found");
  });

  it("the kept connection rows follow a new default and a delete at once (docs/decisions/3700)", async () => {
    const a = await scripted("Kept A", "sk-kept-000a", "model-a", { isDefault: true });
    const b = await scripted("Kept B", "sk-kept-000b", "model-b");
    const stub = userObject();
    const resolved = () =>
      runInDurableObject(stub, async (instance: UserSpace) => {
        const models = modelServices(instance.space());
        const byDefault = (await models.gateway()).modelId;
        const byId = await models.gateway(b.id).then(
          (gateway) => gateway.modelId,
          (error: { code?: string }) => error.code,
        );
        return { byDefault, byId };
      });
    expect(await resolved()).toEqual({ byDefault: "model-a", byId: "model-b" });
    await apiJson(`/api/v1/connections/${b.id}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: { isDefault: true },
      expectStatus: 200,
    });
    expect(await resolved()).toEqual({ byDefault: "model-b", byId: "model-b" });
    await apiJson(`/api/v1/connections/${b.id}`, { method: "DELETE", token: user.deviceToken, expectStatus: 200 });
    const gone = await runInDurableObject(stub, async (instance: UserSpace) =>
      modelServices(instance.space())
        .gateway(b.id)
        .then(
          () => "found",
          (error: { code?: string }) => error.code,
        ),
    );
    expect(gone).toBe("model.connection_not_found");
    await apiJson(`/api/v1/connections/${a.id}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: { isDefault: true },
      expectStatus: 200,
    });
  });
});
