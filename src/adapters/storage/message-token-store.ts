/** SQLite `te_message_tokens` (schema v15): the MessageTokenCache port. */
import type { MessageTokenCache } from "../../ports/message-token-cache";

/** Rows per `IN (…)` read (Durable Object SQLite allows at most 100 bound parameters per statement). */
const READ_BATCH = 90;

export class SqlMessageTokenStore implements MessageTokenCache {
  constructor(private readonly sql: SqlStorage) {}

  read(chatId: string, messages: ReadonlyArray<{ messageId: string; revision: number }>): Map<string, number> {
    const wanted = new Map(messages.map((m) => [m.messageId, m.revision]));
    const out = new Map<string, number>();
    const ids = [...wanted.keys()];
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      const batch = ids.slice(i, i + READ_BATCH);
      const rows = this.sql
        .exec(
          `SELECT message_id, revision, tokens FROM te_message_tokens WHERE chat_id = ? AND message_id IN (${batch.map(() => "?").join(",")})`,
          chatId,
          ...batch,
        )
        .toArray();
      for (const row of rows) {
        const id = String(row.message_id);
        if (wanted.get(id) === Number(row.revision)) out.set(id, Number(row.tokens));
      }
    }
    return out;
  }

  write(chatId: string, counts: ReadonlyArray<{ messageId: string; revision: number; tokens: number }>): void {
    for (const c of counts) {
      this.sql.exec(
        "INSERT INTO te_message_tokens(chat_id, message_id, revision, tokens) VALUES(?, ?, ?, ?) ON CONFLICT(chat_id, message_id) DO UPDATE SET revision = excluded.revision, tokens = excluded.tokens",
        chatId,
        c.messageId,
        c.revision,
        c.tokens,
      );
    }
  }
}
