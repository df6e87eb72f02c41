/**
 * A model connection's API key travels in an HTTP header, so a non-ASCII key (e.g. `sk-測試金鑰`)
 * is refused with `model.api_key_invalid` at save (create, update) and before "test connection"
 * sends anything for a key saved before the rule (docs/spec/hosted.md §9). The key never appears
 * in the error.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hotRows } from "../../../src/composition/hot-rows";
import { secretCipher } from "../../../src/composition/secrets";
import type { UserSpace } from "../../../durable-objects/user-space";
import { apiJson, createUser, type TestUser } from "../helpers";
import { loadScript, modelPeer, recorded } from "./helpers";

const BAD = "sk-測試金鑰-1234";

describe("non-ASCII API keys", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser();
  });
  const create = (body: Record<string, unknown>, expectStatus = 201) =>
    apiJson("/api/v1/connections", { token: user.deviceToken, body, expectStatus });

  it("are refused when a connection is created or its key replaced, without echoing the key", async () => {
    const refused = await create({ name: "Bad", provider: "openai", apiKey: BAD, modelId: "gpt-4.1" }, 400);
    expect(refused.error).toMatchObject({ code: "model.api_key_invalid", details: { field: "apiKey" } });
    expect(refused.error.message).toContain("non-ASCII");
    expect(JSON.stringify(refused)).not.toContain("測試金鑰");
    expect((await create({ name: "Line", provider: "openai", apiKey: "sk-a\nb", modelId: "m" }, 400)).error.code).toBe(
      "model.api_key_invalid",
    );

    const conn = await create({ name: "Good", provider: "openai", apiKey: "sk-good-00001111", modelId: "gpt-4.1" });
    const patched = await apiJson(`/api/v1/connections/${conn.id}`, {
      method: "PATCH",
      token: user.deviceToken,
      body: { apiKey: "sk-ｆｕｌｌ-width" },
      expectStatus: 400,
    });
    expect(patched.error.code).toBe("model.api_key_invalid");
    const listed = await apiJson("/api/v1/connections", { token: user.deviceToken });
    expect(listed.connections.find((c: { id: string }) => c.id === conn.id).apiKeyHint).toBe("1111");
  });

  it("saved before the rule: test connection refuses and sends nothing", async () => {
    const script = await loadScript([{ text: "OK", finishReason: "length" }]);
    const conn = await create({
      name: "Legacy",
      provider: "openai-compatible",
      baseUrl: `${modelPeer()}/v1`,
      apiKey: "sk-ascii-placeholder",
      modelId: script,
    });
    const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
    await runInDurableObject(namespace.get(namespace.idFromName(user.userId)), async (instance: UserSpace, state) => {
      const sealed = await secretCipher(instance.space()).seal(BAD, `model-connection:${conn.id}:apiKey`);
      state.storage.sql.exec(
        "UPDATE te_model_connections SET api_key_sealed = ? WHERE id = ?",
        JSON.stringify(sealed),
        conn.id,
      );
      // A key saved by an older version is read by a restarted object, whose memory holds no rows.
      hotRows(instance.space()).invalidate();
    });
    const failed = await apiJson(`/api/v1/connections/${conn.id}/test`, {
      method: "POST",
      token: user.deviceToken,
      expectStatus: 400,
    });
    expect(failed.error.code).toBe("model.api_key_invalid");
    expect(JSON.stringify(failed)).not.toContain("測試金鑰");
    expect(await recorded(script)).toEqual([]);
  });
});
