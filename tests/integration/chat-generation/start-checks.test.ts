/**
 * What is refused before a generation starts (docs/spec/generation.md "Starting"): more permitted
 * tools than the provider accepts (`model.too_many_tools`, both numbers named), a second generate
 * on a busy chat (`chat.generation_active`, 409) — and neither leaves a user message behind.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { startGeneration } from "../../../src/application/generation/start";
import { chatGenerationDeps } from "../../../src/composition/chat-generation";
import { AppError } from "../../../src/domain/errors";
import { api, apiJson } from "../helpers";
import { spaceStub } from "../mcp-gateway/gateway-helpers";
import { recorded } from "../models/helpers";
import { genFixture, generate, messagesOf, waitEnded } from "./gen-helpers";

describe("chat generation: refused starts", () => {
  it("more permitted tools than the provider accepts → model.too_many_tools, nothing written or sent", async () => {
    const fx = await genFixture([{ text: "never" }]);
    const error = await runInDurableObject(spaceStub(fx.user.userId), async (instance: UserSpace) => {
      const base = chatGenerationDeps(instance.space());
      const tools = Array.from({ length: 130 }, (_, i) => ({
        registrationId: "0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11",
        serverDisplayName: "Many",
        permission: "allow" as const,
        descriptor: {
          id: `mcp/0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11:tool-${i}`,
          inputSchema: { type: "object" },
          annotations: {},
        },
      }));
      try {
        await startGeneration(
          { ...base, listTools: async () => ({ tools, diagnostics: [] }) },
          { chatId: fx.chatId, generationType: "normal", userMessage: { text: "hi" } },
        );
        return null;
      } catch (e) {
        return e instanceof AppError ? { code: e.code, message: e.message, details: e.details } : String(e);
      }
    });
    expect(error).toMatchObject({ code: "model.too_many_tools", details: { toolCount: 130, limit: 128 } });
    expect((error as any).message).toContain("130");
    expect((error as any).message).toContain("128");
    expect((await messagesOf(fx)).map((m) => m.text)).toEqual(["Hello"]);
    expect(await recorded(fx.scriptId)).toHaveLength(0);
  });

  it("a second generate on a busy chat → 409 chat.generation_active, no orphan user message; the chat view shows it", async () => {
    const fx = await genFixture([{ text: "slow answer", delayMs: 1500 }, { text: "second" }]);
    const id = await generate(fx, { generationType: "normal", userMessage: { text: "first" } });
    const response = await api(`/api/v1/chats/${fx.chatId}/generate`, {
      token: fx.token,
      body: { generationType: "normal", userMessage: { text: "second question" } },
    });
    const body = (await response.json()) as any;
    expect(response.status).toBe(409);
    expect(body.error).toMatchObject({ code: "chat.generation_active", details: { generationId: id } });
    const chat = await apiJson(`/api/v1/chats/${fx.chatId}`, { token: fx.token, expectStatus: 200 });
    expect(chat.activeGeneration).toEqual({ generationId: id, status: "running" });
    expect((await waitEnded(fx, id)).status).toBe("completed");
    expect((await messagesOf(fx)).map((m) => m.text)).toEqual(["Hello", "first", "slow answer"]);
  });

  it("swipe and continue need a reply to work on", async () => {
    const fx = await genFixture([], ["Only a question"]);
    for (const generationType of ["swipe", "continue"]) {
      const response = await api(`/api/v1/chats/${fx.chatId}/generate`, { token: fx.token, body: { generationType } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error.code).toBe("chat.generation_invalid_intent");
    }
    const withMessage = await api(`/api/v1/chats/${fx.chatId}/generate`, {
      token: fx.token,
      body: { generationType: "swipe", userMessage: { text: "x" } },
    });
    expect(((await withMessage.json()) as any).error.code).toBe("chat.generation_invalid_intent");
  });
});
