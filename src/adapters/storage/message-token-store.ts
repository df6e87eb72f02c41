/** SQLite `te_message_tokens` (schema v15): the MessageTokenCache port. */
import type { MessageTokenCache } from "../../ports/message-token-cache";
import { inBatches, marks, MAX_BOUND_PARAMETERS } from "./bound-parameters";

/** Rows per `IN (…)` read (the chat id is one more parameter; a margin under the limit). */
const READ_BATCH = MAX_BOUND_PARAMETERS - 10;

export class SqlMessageTokenStore implements MessageTokenCache {
  constructor(private readonly sql: SqlStorage) {}

  read(chatId: string, messages: ReadonlyArray<{ messageId: string; revision: number }>): Map<string, number> {
    const wanted = new Map(messages.map((m) => [m.messageId, m.revision]));
    const out = new Map<string, number>();
    const ids = [...wanted.keys()];
    for (const batch of inBatches(ids, READ_BATCH)) {
      const rows = this.sql
        .exec(
          `SELECT message_id, revision, tokens FROM te_message_tokens WHERE chat_id = ? AND message_id IN (${marks(batch.length)})`,
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
