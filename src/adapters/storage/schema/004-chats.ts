/**
 * Schema v4: chats, their messages, swipes, and import staging markers (issue [chats]).
 * Messages are one row each (text ≤ 1 MiB); swipes are one row each so a message with many
 * alternatives never exceeds the 2 MB row limit. `seq` orders a chat's messages; a message's
 * index is the count of messages with a smaller `seq`.
 */
import type { MigrationStep } from "../migration-step";

export const chatsSchema: MigrationStep = {
  version: 4,
  name: "chats",
  up(sql) {
    sql.exec(`CREATE TABLE te_chats (
      id TEXT PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, revision INTEGER NOT NULL,
      message_count INTEGER NOT NULL, character_json TEXT, system_prompt TEXT, header_json TEXT,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
    sql.exec(`CREATE INDEX te_chats_newest ON te_chats(created_at DESC, id DESC)`);
    sql.exec(`CREATE TABLE te_chat_messages (
      chat_id TEXT NOT NULL, seq INTEGER NOT NULL, message_id TEXT NOT NULL, revision INTEGER NOT NULL,
      role TEXT NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, send_date TEXT NOT NULL,
      swipe_count INTEGER NOT NULL, swipe_id INTEGER, tool_calls_json TEXT, tool_call_id TEXT,
      extra_json TEXT NOT NULL, raw_json TEXT)`);
    sql.exec(`CREATE UNIQUE INDEX te_chat_messages_order ON te_chat_messages(chat_id, seq)`);
    sql.exec(`CREATE UNIQUE INDEX te_chat_messages_id ON te_chat_messages(chat_id, message_id)`);
    sql.exec(`CREATE TABLE te_chat_swipes (
      chat_id TEXT NOT NULL, seq INTEGER NOT NULL, idx INTEGER NOT NULL, text TEXT NOT NULL,
      PRIMARY KEY (chat_id, seq, idx))`);
    sql.exec(`CREATE TABLE te_chat_imports (
      id TEXT PRIMARY KEY, chat_id TEXT NOT NULL, started_at INTEGER NOT NULL)`);
  },
};
