/**
 * Import staging (ADR 0400): an import writes its messages under a fresh chat id that has no
 * `te_chats` row, so no read path can see them; `te_chat_imports` marks the staged id. Publishing
 * is one transaction that inserts the chat row and drops the marker; aborting deletes the rows.
 */
import type { ChatRecord } from "../../domain/chats/types";
import type { ImportStaging } from "../../ports/chat-repository";
import { SqlChatStore } from "./chat-store";

export class SqlChatStagingStore implements ImportStaging {
  constructor(private readonly storage: DurableObjectStorage) {}

  begin(importId: string, chatId: string, startedAt: number): void {
    this.storage.sql.exec(
      "INSERT INTO te_chat_imports(id, chat_id, started_at) VALUES(?, ?, ?)",
      importId,
      chatId,
      startedAt,
    );
  }

  publish(importId: string, chat: ChatRecord): void {
    this.storage.transactionSync(() => {
      new SqlChatStore(this.storage.sql).insert(chat);
      this.storage.sql.exec("DELETE FROM te_chat_imports WHERE id = ?", importId);
    });
  }

  abort(importId: string): void {
    const sql = this.storage.sql;
    const row = sql.exec("SELECT chat_id FROM te_chat_imports WHERE id = ?", importId).toArray()[0];
    if (!row) return;
    this.storage.transactionSync(() => {
      sql.exec("DELETE FROM te_chat_swipes WHERE chat_id = ?", row.chat_id);
      sql.exec("DELETE FROM te_chat_messages WHERE chat_id = ?", row.chat_id);
      sql.exec("DELETE FROM te_chat_imports WHERE id = ?", importId);
    });
  }

  stale(before: number): string[] {
    return this.storage.sql
      .exec("SELECT id FROM te_chat_imports WHERE started_at < ?", before)
      .toArray()
      .map((row) => String(row.id));
  }
}
