/**
 * The agent runtime's view of ChatService, called inside the user's Durable Object exactly as the
 * agent loop will: freeze a prefix, let another device append, commit; conflicts when the prefix
 * or target changed.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { chatServices } from "../../../src/composition/chats";
import type { ChatService } from "../../../src/application/chats/chat-service";
import { AppError } from "../../../src/domain/errors";
import { apiJson, createUser, openSocket } from "../helpers";
import { appendMany, createChat } from "./chat-helpers";

function inSpace<T>(userId: string, fn: (chats: ChatService) => T | Promise<T>): Promise<T> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return runInDurableObject(namespace.get(namespace.idFromName(userId)), (instance: UserSpace) =>
    fn(chatServices(instance.space())),
  );
}

function conflictOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a conflict");
}

const agent = { runId: "run_1", stableChatId: "x", checkpointId: "cp_1", profileId: "default-writer" };

describe("chats: agent commit primitive", () => {
  it("appends after unrelated appends by another device; the message carries extra.tauritavern.agent", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const chat = await createChat(token, { title: "Run", character: { name: "Bot" } });
    await appendMany(token, chat.id, ["hello", "hi", "tell me a story"]);
    const frozen = await inSpace(user.userId, (chats) => chats.freezePrefix(chat.id));
    expect(frozen.length).toBe(3);
    const socket = await openSocket(token);
    // Another device appends while the run works: not part of the frozen prefix.
    await apiJson(`/api/v1/chats/${chat.id}/messages`, {
      token,
      body: { role: "user", text: "also, make it short" },
      expectStatus: 201,
    });
    const result = await inSpace(user.userId, (chats) =>
      chats.commitAgentMessage(chat.id, {
        frozenPrefix: frozen,
        action: { kind: "append", text: "Once upon a time." },
        agent,
      }),
    );
    expect(result.message).toMatchObject({
      index: 4,
      role: "assistant",
      name: "Bot",
      text: "Once upon a time.",
      revision: 1,
      extra: { tauritavern: { agent } },
    });
    expect(result.chatRevision).toBe(1);
    await socket.waitFor((f) => f.type === "chat.message_added" && f.message.messageId === result.message.messageId);
    const read = await inSpace(user.userId, (chats) => chats.readMessages(chat.id, { fromEnd: true, limit: 2 }));
    expect(read.messages.map((m) => m.text)).toEqual(["also, make it short", "Once upon a time."]);
    expect(await inSpace(user.userId, (chats) => chats.countMessages(chat.id))).toBe(5);
    socket.ws.close();
  });

  it("fails with chat.revision_conflict when a prefix message was edited or deleted, and writes nothing", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const chat = await createChat(token);
    const [first] = await appendMany(token, chat.id, ["one", "two"]);
    const frozen = await inSpace(user.userId, (chats) => chats.freezePrefix(chat.id));
    await apiJson(`/api/v1/chats/${chat.id}/messages/${first.messageId}`, {
      token,
      method: "PATCH",
      body: { text: "one (edited)" },
      expectStatus: 200,
    });
    const error = await inSpace(user.userId, (chats) =>
      conflictOf(() =>
        chats.commitAgentMessage(chat.id, { frozenPrefix: frozen, action: { kind: "append", text: "x" }, agent }),
      ),
    );
    expect(error.code).toBe("chat.revision_conflict");
    expect((error.details as any).current).toMatchObject({ prefix: { length: 2 }, messageCount: 2 });
    expect((error.details as any).current.prefix.digest).not.toBe(frozen.digest);
    expect(await inSpace(user.userId, (chats) => chats.countMessages(chat.id))).toBe(2);

    const refrozen = await inSpace(user.userId, (chats) => chats.freezePrefix(chat.id));
    await apiJson(`/api/v1/chats/${chat.id}/messages/${first.messageId}`, {
      token,
      method: "DELETE",
      expectStatus: 200,
    });
    const afterDelete = await inSpace(user.userId, (chats) =>
      conflictOf(() =>
        chats.commitAgentMessage(chat.id, { frozenPrefix: refrozen, action: { kind: "append", text: "x" }, agent }),
      ),
    );
    expect((afterDelete.details as any).current).toMatchObject({ prefix: { length: 1 }, messageCount: 1 });
  });

  it("replaces or swipes a target message checked by revision; a changed target is a conflict with details.current", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const chat = await createChat(token);
    const [, target] = await appendMany(token, chat.id, ["question", "draft answer"]);
    // Swipe generation: the frozen prefix excludes the last assistant target.
    const frozen = await inSpace(user.userId, (chats) => chats.freezePrefix(chat.id, 1));
    const swiped = await inSpace(user.userId, (chats) =>
      chats.commitAgentMessage(chat.id, {
        frozenPrefix: frozen,
        action: { kind: "swipe", messageId: target.messageId, ifRevision: 1, text: "better answer" },
        agent,
      }),
    );
    expect(swiped.message).toMatchObject({
      index: 1,
      revision: 2,
      text: "better answer",
      swipes: ["draft answer", "better answer"],
      swipeId: 1,
      extra: { tauritavern: { agent } },
    });

    const replaced = await inSpace(user.userId, (chats) =>
      chats.commitAgentMessage(chat.id, {
        frozenPrefix: frozen,
        action: { kind: "replace", messageId: target.messageId, ifRevision: 2, text: "final answer" },
        agent: { ...agent, runId: "run_2" },
      }),
    );
    expect(replaced.message).toMatchObject({
      revision: 3,
      text: "final answer",
      swipes: ["draft answer", "final answer"],
      extra: { tauritavern: { agent: { runId: "run_2" } } },
    });

    const stale = await inSpace(user.userId, (chats) =>
      conflictOf(() =>
        chats.commitAgentMessage(chat.id, {
          frozenPrefix: frozen,
          action: { kind: "replace", messageId: target.messageId, ifRevision: 2, text: "lost" },
          agent,
        }),
      ),
    );
    expect(stale.code).toBe("chat.revision_conflict");
    expect((stale.details as any).current.message).toMatchObject({
      messageId: target.messageId,
      revision: 3,
      text: "final answer",
    });

    await apiJson(`/api/v1/chats/${chat.id}/messages/${target.messageId}`, {
      token,
      method: "DELETE",
      expectStatus: 200,
    });
    const gone = await inSpace(user.userId, (chats) =>
      conflictOf(() =>
        chats.commitAgentMessage(chat.id, {
          frozenPrefix: frozen,
          action: { kind: "swipe", messageId: target.messageId, ifRevision: 3, text: "lost" },
          agent,
        }),
      ),
    );
    expect((gone.details as any).current.message).toBeNull();
  });

  it("the agent reads the same windows and search the routes serve, bounded to its prefix", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const chat = await createChat(token);
    await appendMany(token, chat.id, ["the dragon sleeps", "a quiet night", "the dragon wakes"]);
    const frozen = await inSpace(user.userId, (chats) => chats.freezePrefix(chat.id, 2));
    const hits = await inSpace(user.userId, (chats) =>
      chats.search(chat.id, { q: "dragon", endIndex: frozen.length - 1 }),
    );
    expect(hits.hits.map((h) => h.index)).toEqual([0]);
    const viaRoute = await apiJson(`/api/v1/chats/${chat.id}/search?q=dragon&endIndex=1`, { token });
    expect(viaRoute).toEqual(hits);
    const at = await inSpace(user.userId, (chats) => chats.messageAt(chat.id, 2));
    expect(at.text).toBe("the dragon wakes");
    const outOfRange = await inSpace(user.userId, (chats) => {
      try {
        chats.messageAt(chat.id, 3);
      } catch (error) {
        return (error as AppError).code;
      }
      return "none";
    });
    expect(outOfRange).toBe("chat.message_not_found");
  });
});
