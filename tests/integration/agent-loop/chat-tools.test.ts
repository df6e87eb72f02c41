/**
 * The agent's chat tools over a real chat (docs/spec/tool-system.md §2.1–§2.2): what
 * `chat_read_messages` and `chat_search` answer, which error a call meets first, and how many SQL
 * statements one call makes (one chat read, then one range query per run of consecutive indices).
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { SqlChatRepository } from "../../../src/adapters/storage/chat-repository";
import { chatReadMessages, chatSearch } from "../../../src/application/agent/loop/tools/chat";
import { ChatService } from "../../../src/application/chats/chat-service";
import { chatDeps } from "../../../src/composition/chats";
import { AppError } from "../../../src/domain/errors";
import { stubFor, userWithChat } from "./loop-helpers";

const TEXTS = [
  "the dragon sleeps under the hill",
  "a quiet night",
  "the dragon wakes and stretches its wings",
  "Dragon fire lights the sky",
];

/** Runs `fn` in the user's object with a ChatService whose repository counts `sql.exec` calls. */
function withCountedChats<T>(userId: string, fn: (chats: ChatService, statements: () => number) => T): Promise<T> {
  return runInDurableObject(stubFor(userId), (instance: UserSpace, state) => {
    const storage = state.storage;
    let count = 0;
    const sql = {
      exec: (query: string, ...bindings: unknown[]) => {
        count += 1;
        return storage.sql.exec(query, ...bindings);
      },
    };
    const repo = new SqlChatRepository({
      sql,
      transactionSync: <R>(body: () => R) => storage.transactionSync(body),
    } as unknown as DurableObjectStorage);
    const chats = new ChatService({ ...chatDeps(instance.space()), repo });
    return fn(chats, () => count);
  });
}

/** Statements made by `call` alone. */
function counted<T>(statements: () => number, call: () => T): { result: T; statements: number } {
  const before = statements();
  const result = call();
  return { result, statements: statements() - before };
}

/** The code and message of the error `call` throws. */
function failure(call: () => unknown): { code: string; message: string; tool: boolean } {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError)
      return { code: error.code, message: error.message, tool: error.name === "ToolError" };
    throw error;
  }
  throw new Error("expected an error");
}

/** The structured answers read here. */
type ReadAnswer = { messages: Array<{ index: number; text: string }> };
type SearchAnswer = { hits: Array<{ index: number; words: number; chars: number }> };

const read = (...items: Array<Record<string, unknown>>) => ({ messages: items });

describe("agent chat tools: batched message reads", () => {
  it("chat_read_messages of 0 and 1 answers each message's text and metadata from one chat read and one range query", async () => {
    const { user, chatId, messages } = await userWithChat(TEXTS);
    const { result, statements } = await withCountedChats(user.userId, (chats, statements) =>
      counted(statements, () => chatReadMessages(chats, chatId, 4, read({ index: 0 }, { index: 1, max_chars: 5 }))),
    );
    const got = (result.structured as ReadAnswer).messages;
    expect(got).toHaveLength(2);
    expect(got[0]).toMatchObject({
      index: 0,
      role: "user",
      name: messages[0].name,
      sendDate: messages[0].sendDate,
      text: TEXTS[0],
      startChar: 0,
      endChar: TEXTS[0]!.length,
      totalChars: TEXTS[0]!.length,
      words: 6,
      totalWords: 6,
      truncated: false,
      ref: `chat:current#0:chars=0..${TEXTS[0]!.length}`,
    });
    expect(got[1]).toMatchObject({
      index: 1,
      role: "assistant",
      name: messages[1].name,
      sendDate: messages[1].sendDate,
      text: "a qui",
      endChar: 5,
      totalChars: TEXTS[1]!.length,
      words: 2,
      totalWords: 3,
      truncated: true,
    });
    expect(result.content).toContain(`#0 user (${messages[0].name}) chars 0-${TEXTS[0]!.length}`);
    // Before: messageAt per item = (chat + range) × 2 = 4 statements.
    expect(statements).toBe(2);
  });

  it("non-consecutive and repeated indices read one range per run; a swiped message adds one swipe query for the batch", async () => {
    const { user, chatId } = await userWithChat(TEXTS);
    const out = await withCountedChats(user.userId, (chats, statements) => {
      const gap = counted(statements, () =>
        chatReadMessages(chats, chatId, 4, read({ index: 2 }, { index: 0 }, { index: 2, start_char: 4 })),
      );
      const target = chats.readMessages(chatId).messages[3]!;
      chats.editMessage(chatId, target.messageId, { addSwipe: "Dragon smoke hides the sky" });
      chats.editMessage(chatId, target.messageId, { swipeId: 0 });
      const swiped = counted(statements, () => chatReadMessages(chats, chatId, 4, read({ index: 2 }, { index: 3 })));
      return { gap, swiped };
    });
    expect((out.gap.result.structured as ReadAnswer).messages.map((m) => [m.index, m.text])).toEqual([
      [2, TEXTS[2]],
      [0, TEXTS[0]],
      [2, TEXTS[2]!.slice(4)],
    ]);
    // Before: 3 items × (chat + range) = 6; now chat + range(0, 1) + range(2, 1).
    expect(out.gap.statements).toBe(3);
    expect((out.swiped.result.structured as ReadAnswer).messages.map((m) => m.text)).toEqual([TEXTS[2], TEXTS[3]]);
    // Before: (chat + range) + (chat + range + swipes) = 5; now chat + range(2, 2) + swipes.
    expect(out.swiped.statements).toBe(3);
  });

  it("messagesAt builds the same views (swipes included) as the message window", async () => {
    const { user, chatId } = await userWithChat(TEXTS);
    const { batch, window } = await withCountedChats(user.userId, (chats) => {
      const second = chats.readMessages(chatId).messages[1]!;
      chats.editMessage(chatId, second.messageId, { addSwipe: "a loud night" });
      const batch = chats.messagesAt(chatId, [3, 1, 0, 1]);
      return { batch: [0, 1, 3].map((i) => batch.at(i)), window: chats.readMessages(chatId).messages };
    });
    expect(batch).toEqual([window[0], window[1], window[3]]);
    expect(batch[1]).toMatchObject({ swipes: [TEXTS[1], "a loud night"], swipeId: 1, text: "a loud night" });
  });

  it("a deleted chat is reported on the first item before a later item's bad max_chars, and after an earlier one's", async () => {
    const { user, chatId } = await userWithChat(TEXTS);
    const out = await withCountedChats(user.userId, (chats) => {
      chats.deleteChat(chatId);
      return {
        goneFirst: failure(() => chatReadMessages(chats, chatId, 4, read({ index: 0 }, { index: 1, max_chars: 9000 }))),
        tooLargeFirst: failure(() =>
          chatReadMessages(chats, chatId, 4, read({ index: 1, max_chars: 9000 }, { index: 0 })),
        ),
        search: failure(() => chatSearch(chats, chatId, 4, { query: "dragon" })),
      };
    });
    expect(out.goneFirst).toEqual({
      code: "chat.not_found",
      message: "This chat does not exist (it may have been deleted on another device).",
      tool: true,
    });
    expect(out.tooLargeFirst).toEqual({
      code: "chat.read_too_large",
      message: "max_chars may be at most 8000.",
      tool: true,
    });
    expect(out.search).toMatchObject({ code: "chat.not_found", tool: true });
  });

  it("an index inside the frozen prefix but past a chat that lost messages is chat.message_not_found with messageAt's text, in item order", async () => {
    const { user, chatId, messages } = await userWithChat(TEXTS.slice(0, 3));
    const out = await withCountedChats(user.userId, (chats) => {
      chats.deleteMessage(chatId, messages[2].messageId);
      return {
        viaMessageAt: failure(() => chats.messageAt(chatId, 2)),
        alone: failure(() => chatReadMessages(chats, chatId, 3, read({ index: 2 }))),
        afterGoodItem: failure(() => chatReadMessages(chats, chatId, 3, read({ index: 0 }, { index: 2 }))),
        beforeBadItem: failure(() =>
          chatReadMessages(chats, chatId, 3, read({ index: 2 }, { index: 0, start_char: "x" })),
        ),
        afterBadItem: failure(() =>
          chatReadMessages(chats, chatId, 3, read({ index: 0, start_char: 99 }, { index: 2 })),
        ),
      };
    });
    const notFound = {
      code: "chat.message_not_found",
      message: "This chat has no message at index 2 (it has 2).",
      tool: true,
    };
    expect(out.viaMessageAt).toEqual({ ...notFound, tool: false });
    expect(out.alone).toEqual(notFound);
    expect(out.afterGoodItem).toEqual(notFound);
    expect(out.beforeBadItem).toEqual(notFound);
    expect(out.afterBadItem).toMatchObject({ code: "chat.invalid_message_range", tool: true });
  });

  it("chat_search answers each hit's whole-message word count, reading the hits' messages in one batch", async () => {
    const { user, chatId } = await userWithChat(TEXTS);
    const { result, statements } = await withCountedChats(user.userId, (chats, statements) =>
      counted(statements, () => chatSearch(chats, chatId, 4, { query: "dragon" })),
    );
    const hits = (result.structured as SearchAnswer).hits;
    expect(hits.map((h) => [h.index, h.words, h.chars])).toEqual([
      [3, 5, TEXTS[3]!.length],
      [2, 7, TEXTS[2]!.length],
      [0, 6, TEXTS[0]!.length],
    ]);
    expect(result.resourceRefs).toEqual(["chat:current#3", "chat:current#2", "chat:current#0"]);
    // Before: chat + search, then (chat + range) per hit = 8; now chat + search + chat + range(0, 1) + range(2, 2).
    expect(statements).toBe(5);
  });
});
