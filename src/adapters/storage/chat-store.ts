/** SQLite rows of chats (`te_chats`, schema v4); deleting a chat drops its messages and swipes. */
import type { ChatRecord } from "../../domain/chats/types";
import type { ChatCursor, ChatRows } from "../../ports/chat-repository";
import { toChat } from "./chat-rows";

export class SqlChatStore implements ChatRows {
  constructor(private readonly sql: SqlStorage) {}

  insert(chat: ChatRecord): void {
    this.sql.exec(
      `INSERT INTO te_chats(id, kind, title, revision, message_count, character_json, character_id, system_prompt, header_json, created_at, updated_at, persona_json)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      chat.id,
      chat.kind,
      chat.title,
      chat.revision,
      chat.messageCount,
      chat.character ? JSON.stringify(chat.character) : null,
      chat.characterId,
      chat.systemPrompt,
      chat.header ? JSON.stringify(chat.header) : null,
      chat.createdAt,
      chat.updatedAt,
      chat.persona ? JSON.stringify(chat.persona) : null,
    );
  }

  get(chatId: string): ChatRecord | null {
    const row = this.sql.exec("SELECT * FROM te_chats WHERE id = ?", chatId).toArray()[0];
    return row ? toChat(row) : null;
  }

  list(limit: number, cursor: ChatCursor | null): ChatRecord[] {
    const rows = cursor
      ? this.sql.exec(
          "SELECT * FROM te_chats WHERE created_at < ? OR (created_at = ? AND id < ?) ORDER BY created_at DESC, id DESC LIMIT ?",
          cursor.createdAt,
          cursor.createdAt,
          cursor.id,
          limit,
        )
      : this.sql.exec("SELECT * FROM te_chats ORDER BY created_at DESC, id DESC LIMIT ?", limit);
    return rows.toArray().map(toChat);
  }

  update(chat: ChatRecord): void {
    this.sql.exec(
      "UPDATE te_chats SET title = ?, character_json = ?, character_id = ?, system_prompt = ?, persona_json = ?, revision = ?, message_count = ?, updated_at = ? WHERE id = ?",
      chat.title,
      chat.character ? JSON.stringify(chat.character) : null,
      chat.characterId,
      chat.systemPrompt,
      chat.persona ? JSON.stringify(chat.persona) : null,
      chat.revision,
      chat.messageCount,
      chat.updatedAt,
      chat.id,
    );
  }

  delete(chatId: string): void {
    this.sql.exec("DELETE FROM te_chat_swipes WHERE chat_id = ?", chatId);
    this.sql.exec("DELETE FROM te_chat_messages WHERE chat_id = ?", chatId);
    this.sql.exec("DELETE FROM te_chats WHERE id = ?", chatId);
  }
}
