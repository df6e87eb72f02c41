/**
 * Archive kind `chats` (docs/spec/data-portability.md §1): `chats/<chatId>/chat.jsonl` is the chat
 * in SillyTavern JSONL (what SillyTavern and TauriTavern read; docs/decisions/0403) and
 * `chat.json` keeps what JSONL cannot carry: the chat's id, kind, revision, times and stored
 * header, and each message's id and revision, so a restore keeps ids (runs refer to them).
 * Import parses every line before writing anything, then writes the chat in one transaction. In a
 * merge a taken id becomes a fresh chat id (docs/decisions/2750): the chat record (its character
 * link) and each message's `extra` (agent metadata: run and commit references) go through the id
 * map; message text is content and is never changed.
 *
 * Errors of an item: the chat import codes with `details.line` (`chat.import_invalid_line`…),
 * `data.item_invalid` (chat.json missing or not matching the JSONL).
 */
import { AppError } from "../../../domain/errors";
import {
  exportHeader,
  exportMessage,
  isHeaderLine,
  parseJsonLine,
  parseMessageLine,
} from "../../../domain/chats/sillytavern";
import { newChatId } from "../../../domain/chats/ids";
import type { ChatRecord, JsonObject, MessageRecord } from "../../../domain/chats/types";
import { broadcastChat, type ChatDeps } from "../../chats/chat-context";
import type { ArchiveKind } from "../kind";

const PAGE = 500;

/** `chat.json`: the chat record without messages, plus `[messageId, revision, keptRaw]` per message. */
interface ChatMeta {
  chat: Omit<ChatRecord, "messageCount">;
  messages: Array<[string, number, 0 | 1]>;
}

export function chatsKind(deps: ChatDeps): ArchiveKind {
  const { repo } = deps;
  return {
    name: "chats",
    version: 1,
    list() {
      const ids: string[] = [];
      let cursor: { createdAt: number; id: string } | null = null;
      for (;;) {
        const page = repo.chats.list(PAGE, cursor);
        ids.push(...page.map((c) => c.id));
        if (page.length < PAGE) return ids;
        const last = page[page.length - 1]!;
        cursor = { createdAt: last.createdAt, id: last.id };
      }
    },
    async exportItem(id) {
      const chat = repo.chats.get(id);
      if (!chat) return null;
      const lines = [JSON.stringify(exportHeader(chat))];
      const messages: ChatMeta["messages"] = [];
      let after = 0;
      for (;;) {
        const page = repo.messages.page(id, after, PAGE, 4 * 1024 * 1024);
        if (page.length === 0) break;
        for (const message of page) {
          lines.push(JSON.stringify(exportMessage(message)));
          messages.push([message.messageId, message.revision, message.raw === null ? 0 : 1]);
        }
        after = page[page.length - 1]!.seq;
      }
      const { messageCount: _count, ...record } = chat;
      const meta: ChatMeta = { chat: record, messages };
      return { files: { "chat.jsonl": `${lines.join("\n")}\n`, "chat.json": JSON.stringify(meta) } };
    },
    exists: (id) => repo.chats.get(id) !== null,
    newId(_id, taken) {
      for (;;) {
        const id = newChatId();
        if (!taken(id)) return id;
      }
    },
    async importItem(item, { replace, remap, targetId }) {
      const meta = item.json<ChatMeta>("chat.json");
      const text = item.text("chat.jsonl");
      if (text === null || !meta?.chat || meta.chat.id !== item.id || !Array.isArray(meta.messages))
        throw new AppError("data.item_invalid", `The chat ${item.id} in the archive is incomplete.`);
      const records: MessageRecord[] = [];
      const lines = text.split("\n");
      let first = true;
      lines.forEach((raw, index) => {
        if (raw.trim().length === 0) return;
        const value: JsonObject = parseJsonLine(raw, index + 1);
        if (first && isHeaderLine(value)) {
          first = false;
          return;
        }
        first = false;
        const parsed = parseMessageLine(value, index + 1);
        const ids = meta.messages[records.length];
        if (!ids)
          throw new AppError("data.item_invalid", `chat.json of ${item.id} lists fewer messages than the JSONL.`);
        const keptRaw = ids[2] === 1;
        const extra = remap.empty ? parsed.extra : (remap.json(parsed.extra) as JsonObject);
        records.push({
          ...parsed,
          ...(extra === parsed.extra ? {} : { extra, extraJson: undefined }),
          ...(keptRaw ? {} : { raw: null }),
          chatId: targetId,
          seq: records.length + 1,
          messageId: ids[0],
          revision: ids[1],
        });
      });
      if (records.length !== meta.messages.length)
        throw new AppError("data.item_invalid", `chat.json of ${item.id} lists more messages than the JSONL.`);
      const record = remap.empty ? meta.chat : (remap.json(meta.chat) as ChatMeta["chat"]);
      const chat: ChatRecord = { ...record, id: targetId, messageCount: records.length };
      repo.transaction(() => {
        if (replace) repo.chats.delete(targetId);
        repo.chats.insert(chat);
        for (const message of records) repo.messages.insert(message);
      });
      broadcastChat(deps, chat);
    },
  };
}
