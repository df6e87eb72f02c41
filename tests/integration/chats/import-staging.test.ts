/**
 * Import staging at the storage level: a failure after thousands of staged lines leaves no rows,
 * the byte cap stops an upload mid-stream, and stale staging from a cut upload is purged.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { chatServices } from "../../../src/composition/chats";
import { apiJson, createUser } from "../helpers";
import { importJsonl } from "./chat-helpers";

function stub(userId: string): DurableObjectStub<UserSpace> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return namespace.get(namespace.idFromName(userId));
}

function counts(userId: string): Promise<{ messages: number; swipes: number; imports: number; chats: number }> {
  return runInDurableObject(stub(userId), (_instance: UserSpace, state) => {
    const one = (table: string) => Number(state.storage.sql.exec(`SELECT count(*) AS n FROM ${table}`).one().n);
    return {
      messages: one("te_chat_messages"),
      swipes: one("te_chat_swipes"),
      imports: one("te_chat_imports"),
      chats: one("te_chats"),
    };
  });
}

function file(count: number, badLineAt?: number): string {
  const lines = [JSON.stringify({ user_name: "U", character_name: "C" })];
  for (let i = 0; i < count; i += 1) {
    lines.push(
      lines.length + 1 === badLineAt
        ? '{"mes": "unterminated'
        : JSON.stringify({
            name: "C",
            is_user: false,
            mes: `m${i} ${"x".repeat(500)}`,
            swipes: [`m${i}`, "alt"],
            swipe_id: 0,
          }),
    );
  }
  return `${lines.join("\n")}\n`;
}

describe("chats: import staging", () => {
  it("a bad line near the end of a 3,000-line file leaves no staged rows", async () => {
    const user = await createUser();
    const response = await importJsonl(user.deviceToken, file(3000, 2990));
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error).toMatchObject({
      code: "chat.import_invalid_line",
      details: { line: 2990 },
    });
    expect(await counts(user.userId)).toEqual({ messages: 0, swipes: 0, imports: 0, chats: 0 });
    const ok = await importJsonl(user.deviceToken, file(50));
    expect(ok.status).toBe(201);
    expect(await counts(user.userId)).toEqual({ messages: 50, swipes: 100, imports: 0, chats: 1 });
  });

  it("the byte cap stops an upload mid-stream with chat.import_too_large and nothing stored", async () => {
    const user = await createUser();
    await apiJson("/api/v1/chats", { token: user.deviceToken }); // materialize the object
    const code = await runInDurableObject(stub(user.userId), async (instance: UserSpace) => {
      const bytes = new TextEncoder().encode(file(200));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
      try {
        await chatServices(instance.space()).importChat(stream, { maxBytes: 20_000 });
        return "imported";
      } catch (error) {
        return (error as { code?: string }).code;
      }
    });
    expect(code).toBe("chat.import_too_large");
    expect(await counts(user.userId)).toEqual({ messages: 0, swipes: 0, imports: 0, chats: 0 });
  });

  it("staging left by a cut upload is purged by the next import", async () => {
    const user = await createUser();
    await apiJson("/api/v1/chats", { token: user.deviceToken });
    await runInDurableObject(stub(user.userId), (_instance: UserSpace, state) => {
      state.storage.sql.exec(
        "INSERT INTO te_chat_imports(id, chat_id, started_at) VALUES('old', 'ghost', ?)",
        Date.now() - 2 * 3600_000,
      );
      state.storage.sql.exec(`INSERT INTO te_chat_messages(chat_id, seq, message_id, revision, role, name, text, send_date, swipe_count, extra_json)
        VALUES('ghost', 1, 'mghost', 1, 'user', 'U', 'left over', '', 0, '{}')`);
    });
    expect((await counts(user.userId)).messages).toBe(1);
    expect((await importJsonl(user.deviceToken, file(2))).status).toBe(201);
    expect(await counts(user.userId)).toEqual({ messages: 2, swipes: 4, imports: 0, chats: 1 });
  });
});
