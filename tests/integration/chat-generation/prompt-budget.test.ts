/**
 * The shared prompt builder on a 10,000-message chat (docs/spec/generation.md "Prompt"): the
 * history is trimmed to the budget from the newest message back, only the rows that can be sent
 * are read and counted, and counts are cached per message revision (a second send counts nothing
 * old; an edited message is counted again).
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { PromptBuilder } from "../../../src/application/prompt/prompt-builder";
import { chatDeps } from "../../../src/composition/chats";
import { SqlMessageTokenStore } from "../../../src/adapters/storage/message-token-store";
import { estimateTokens } from "../../../src/domain/prompt/token-estimate";
import { apiJson, createUser } from "../helpers";
import { createChat } from "../chats/chat-helpers";
import { spaceStub } from "../mcp-gateway/gateway-helpers";

describe("prompt builder", () => {
  it("trims a 10,000-message chat to the budget, counting each message once", async () => {
    const user = await createUser();
    const chat = await createChat(user.deviceToken, {
      title: "Long",
      systemPrompt: "You are Aria.",
      character: { name: "Aria" },
    });
    const result: any = await runInDurableObject(spaceStub(user.userId), async (instance: UserSpace, state) => {
      const sql = state.storage.sql;
      state.storage.transactionSync(() => {
        for (let i = 0; i < 10_000; i += 1) {
          sql.exec(
            `INSERT INTO te_chat_messages(chat_id, seq, message_id, revision, role, name, text, send_date, swipe_count, swipe_id, tool_calls_json, tool_call_id, extra_json, raw_json)
             VALUES(?, ?, ?, 1, ?, ?, ?, '2026-01-01T00:00:00.000Z', 0, NULL, NULL, NULL, '{}', NULL)`,
            chat.id,
            i + 1,
            `m${String(i).padStart(16, "0")}`,
            i % 2 === 0 ? "user" : "assistant",
            i % 2 === 0 ? "User" : "Aria",
            `Message ${i}: the dragon slept beneath the mountain, dreaming of gold and fire.`,
          );
        }
        sql.exec("UPDATE te_chats SET message_count = 10000 WHERE id = ?", chat.id);
      });
      let counted = 0;
      const counter = { count: (text: string) => ((counted += 1), estimateTokens(text)) };
      const space = instance.space();
      const builder = new PromptBuilder({
        repo: chatDeps(space).repo,
        tokens: new SqlMessageTokenStore(space.sql),
        counter: async () => counter,
      });
      const budget = 4000;
      const first = await builder.build({ chatId: chat.id, includeTools: true, budgetTokens: budget });
      const firstCounted = counted;
      counted = 0;
      const second = await builder.build({ chatId: chat.id, includeTools: true, budgetTokens: budget });
      const secondCounted = counted;
      sql.exec("UPDATE te_chat_messages SET text = 'edited', revision = 2 WHERE chat_id = ? AND seq = 10000", chat.id);
      counted = 0;
      const third = await builder.build({ chatId: chat.id, includeTools: true, budgetTokens: budget });
      return {
        first: {
          included: first.includedMessages,
          tokens: first.promptTokens,
          trimmed: first.trimmed,
          messages: first.messages.length,
          last: first.messages.at(-1),
          firstHistory: first.messages[1],
        },
        firstCounted,
        secondCounted,
        secondSame: JSON.stringify(second.messages) === JSON.stringify(first.messages),
        thirdCounted: counted,
        thirdLast: third.messages.at(-1),
      };
    });
    expect(result.first.trimmed).toBe(true);
    expect(result.first.tokens).toBeLessThanOrEqual(4000);
    expect(result.first.tokens).toBeGreaterThan(3900);
    expect(result.first.included).toBeGreaterThan(50);
    expect(result.first.included).toBeLessThan(10_000);
    expect(result.first.messages).toBe(result.first.included + 1);
    expect(result.first.last).toEqual({
      role: "assistant",
      parts: [{ type: "text", text: expect.stringContaining("Message 9999:") }],
    });
    expect(result.first.firstHistory.parts[0].text).toContain(`Message ${10_000 - result.first.included}:`);
    // Only what was read was counted (one page of 200 rows at most beyond the kept ones), plus the system text.
    expect(result.firstCounted).toBeLessThanOrEqual(result.first.included + 201);
    expect(result.secondCounted).toBe(1); // the system message only
    expect(result.secondSame).toBe(true);
    expect(result.thirdCounted).toBe(2); // system + the edited message
    expect(result.thirdLast.parts[0].text).toBe("edited");
    // The chat itself is intact.
    const count = await apiJson(`/api/v1/chats/${chat.id}`, { token: user.deviceToken, expectStatus: 200 });
    expect(count.messageCount).toBe(10_000);
  });

  it("refuses a prompt whose newest message alone exceeds the budget", async () => {
    const user = await createUser();
    const chat = await createChat(user.deviceToken, { title: "Big" });
    await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token: user.deviceToken,
      body: { role: "user", text: "word ".repeat(5000) },
      expectStatus: 201,
    });
    const error = await runInDurableObject(spaceStub(user.userId), async (instance: UserSpace) => {
      const space = instance.space();
      const builder = new PromptBuilder({
        repo: chatDeps(space).repo,
        tokens: new SqlMessageTokenStore(space.sql),
        counter: async () => ({ count: estimateTokens }),
      });
      return builder.build({ chatId: chat.id, includeTools: true, budgetTokens: 1000 }).then(
        () => null,
        (e) => ({ code: e.code, details: e.details }),
      );
    });
    expect(error).toMatchObject({ code: "chat.prompt_budget_exceeded", details: { budgetTokens: 1000 } });
  });
});
