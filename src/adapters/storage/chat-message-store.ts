/**
 * SQLite rows of chat messages and swipes (`te_chat_messages`, `te_chat_swipes`, schema v4).
 * Search uses instr() over lower(text) (never LIKE: its patterns are capped at 50 bytes), so
 * matching is ASCII case-insensitive.
 */
import { MAX_BOUND_PARAMETERS } from "./bound-parameters";
import { SQL_NEW_MESSAGE_ID } from "../../domain/chats/ids";
import type { MessageRecord } from "../../domain/chats/types";
import type { MessageRows, SearchQuery, SearchRow } from "../../ports/chat-repository";
import { MESSAGE_COLUMNS, messageValues, toMessage } from "./chat-rows";

type Row = Record<string, SqlStorageValue>;

const MESSAGE_COLUMN_COUNT = MESSAGE_COLUMNS.split(",").length;
const MESSAGES_PER_INSERT = Math.floor(MAX_BOUND_PARAMETERS / MESSAGE_COLUMN_COUNT);
const SWIPES_PER_INSERT = Math.floor(MAX_BOUND_PARAMETERS / 4);

/** `INSERT … VALUES (?, …), (?, …)` for `rows` rows of `columns` columns. */
function multiInsert(table: string, columnList: string, columns: number, rows: number): string {
  const tuple = `(${Array.from({ length: columns }, () => "?").join(", ")})`;
  return `INSERT INTO ${table}(${columnList}) VALUES ${Array.from({ length: rows }, () => tuple).join(", ")}`;
}

export class SqlChatMessageStore implements MessageRows {
  constructor(private readonly sql: SqlStorage) {}

  nextSeq(chatId: string): number {
    const row = this.sql.exec("SELECT max(seq) AS seq FROM te_chat_messages WHERE chat_id = ?", chatId).one();
    return row.seq === null ? 1 : Number(row.seq) + 1;
  }

  insert(message: MessageRecord): void {
    this.sql.exec(
      `INSERT INTO te_chat_messages(${MESSAGE_COLUMNS}) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ...messageValues(message),
    );
    this.writeSwipes(message);
  }

  insertMany(messages: readonly MessageRecord[]): void {
    for (let at = 0; at < messages.length; at += MESSAGES_PER_INSERT) {
      const chunk = messages.slice(at, at + MESSAGES_PER_INSERT);
      this.sql.exec(
        multiInsert("te_chat_messages", MESSAGE_COLUMNS, MESSAGE_COLUMN_COUNT, chunk.length),
        ...chunk.flatMap(messageValues),
      );
    }
    const swipes: SqlStorageValue[][] = [];
    for (const message of messages)
      message.swipes?.forEach((text, idx) => {
        swipes.push([message.chatId, message.seq, idx, text]);
      });
    for (let at = 0; at < swipes.length; at += SWIPES_PER_INSERT) {
      const chunk = swipes.slice(at, at + SWIPES_PER_INSERT);
      this.sql.exec(multiInsert("te_chat_swipes", "chat_id, seq, idx, text", 4, chunk.length), ...chunk.flat());
    }
  }

  update(message: MessageRecord): void {
    this.sql.exec(
      "UPDATE te_chat_messages SET revision = ?, name = ?, text = ?, swipe_count = ?, swipe_id = ?, tool_calls_json = ?, extra_json = ? WHERE chat_id = ? AND message_id = ?",
      message.revision,
      message.name,
      message.text,
      message.swipes?.length ?? 0,
      message.swipes ? (message.swipeId ?? 0) : null,
      message.toolCalls ? JSON.stringify(message.toolCalls) : null,
      message.extraJson ?? JSON.stringify(message.extra),
      message.chatId,
      message.messageId,
    );
    this.sql.exec("DELETE FROM te_chat_swipes WHERE chat_id = ? AND seq = ?", message.chatId, message.seq);
    this.writeSwipes(message);
  }

  moveToEnd(chatId: string, messageId: string): number {
    const row = this.sql
      .exec("SELECT seq FROM te_chat_messages WHERE chat_id = ? AND message_id = ?", chatId, messageId)
      .toArray()[0];
    if (!row) return -1;
    const seq = this.nextSeq(chatId);
    this.sql.exec("UPDATE te_chat_messages SET seq = ? WHERE chat_id = ? AND message_id = ?", seq, chatId, messageId);
    this.sql.exec("UPDATE te_chat_swipes SET seq = ? WHERE chat_id = ? AND seq = ?", seq, chatId, row.seq);
    return seq;
  }

  delete(chatId: string, messageId: string): void {
    const row = this.sql
      .exec("DELETE FROM te_chat_messages WHERE chat_id = ? AND message_id = ? RETURNING seq", chatId, messageId)
      .toArray()[0];
    if (row) this.sql.exec("DELETE FROM te_chat_swipes WHERE chat_id = ? AND seq = ?", chatId, row.seq);
  }

  byId(chatId: string, messageId: string): MessageRecord | null {
    return (
      this.withSwipes(
        chatId,
        this.sql
          .exec(
            `SELECT ${MESSAGE_COLUMNS} FROM te_chat_messages WHERE chat_id = ? AND message_id = ?`,
            chatId,
            messageId,
          )
          .toArray(),
      )[0] ?? null
    );
  }

  indexOfSeq(chatId: string, seq: number): number {
    return Number(
      this.sql.exec("SELECT count(*) AS n FROM te_chat_messages WHERE chat_id = ? AND seq < ?", chatId, seq).one().n,
    );
  }

  last(chatId: string): MessageRecord | null {
    return (
      this.withSwipes(
        chatId,
        this.sql
          .exec(`SELECT ${MESSAGE_COLUMNS} FROM te_chat_messages WHERE chat_id = ? ORDER BY seq DESC LIMIT 1`, chatId)
          .toArray(),
      )[0] ?? null
    );
  }

  range(chatId: string, offset: number, limit: number): MessageRecord[] {
    const rows = this.sql
      .exec(
        `SELECT ${MESSAGE_COLUMNS} FROM te_chat_messages WHERE chat_id = ? ORDER BY seq LIMIT ? OFFSET ?`,
        chatId,
        limit,
        offset,
      )
      .toArray();
    return this.withSwipes(chatId, rows);
  }

  before(chatId: string, beforeSeq: number, offset: number, limit: number): MessageRecord[] {
    const rows = this.sql
      .exec(
        `SELECT ${MESSAGE_COLUMNS} FROM te_chat_messages WHERE chat_id = ? AND seq < ? ORDER BY seq DESC LIMIT ? OFFSET ?`,
        chatId,
        beforeSeq,
        limit,
        offset,
      )
      .toArray();
    return this.withSwipes(chatId, rows.reverse());
  }

  page(chatId: string, afterSeq: number, limit: number, maxBytes: number): MessageRecord[] {
    const rows: Row[] = [];
    let bytes = 0;
    for (const row of this.sql.exec(
      `SELECT ${MESSAGE_COLUMNS} FROM te_chat_messages WHERE chat_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
      chatId,
      afterSeq,
      limit,
    )) {
      rows.push(row);
      bytes += String(row.text).length + String(row.extra_json).length + String(row.raw_json ?? "").length;
      if (bytes >= maxBytes) break;
    }
    return this.withSwipes(chatId, rows);
  }

  prefix(chatId: string, length: number): Array<{ messageId: string; revision: number }> {
    return this.sql
      .exec("SELECT message_id, revision FROM te_chat_messages WHERE chat_id = ? ORDER BY seq LIMIT ?", chatId, length)
      .toArray()
      .map((row) => ({ messageId: String(row.message_id), revision: Number(row.revision) }));
  }

  search(chatId: string, query: SearchQuery): SearchRow[] {
    const rows = this.sql
      .exec(
        `SELECT message_id, idx, role, pos, chars, max(1, pos - ?) AS ws, substr(text, max(1, pos - ?), ?) AS win FROM (
         SELECT message_id, idx, role, text, instr(lower(text), ?) AS pos, length(text) AS chars FROM (
           SELECT message_id, role, text, row_number() OVER (ORDER BY seq) - 1 AS idx FROM te_chat_messages WHERE chat_id = ?
         ) WHERE idx BETWEEN ? AND ? AND (? IS NULL OR role = ?)
       ) WHERE pos > 0 ORDER BY idx DESC LIMIT ?`,
        query.context,
        query.context,
        query.context * 2 + query.needle.length,
        query.needle,
        chatId,
        query.fromIndex,
        query.toIndex,
        query.role ?? null,
        query.role ?? null,
        query.limit,
      )
      .toArray();
    return rows.map((row) => ({
      messageId: String(row.message_id),
      index: Number(row.idx),
      role: String(row.role) as SearchRow["role"],
      position: Number(row.pos),
      chars: Number(row.chars),
      window: String(row.win),
      windowStart: Number(row.ws),
    }));
  }

  copyAll(fromChatId: string, toChatId: string): void {
    const columns = MESSAGE_COLUMNS.replace("chat_id, seq, message_id", "seq");
    this.sql.exec(
      `INSERT INTO te_chat_messages(chat_id, message_id, ${columns}) SELECT ?, ${SQL_NEW_MESSAGE_ID}, ${columns} FROM te_chat_messages WHERE chat_id = ?`,
      toChatId,
      fromChatId,
    );
    this.sql.exec(
      "INSERT INTO te_chat_swipes(chat_id, seq, idx, text) SELECT ?, seq, idx, text FROM te_chat_swipes WHERE chat_id = ?",
      toChatId,
      fromChatId,
    );
  }

  private writeSwipes(message: MessageRecord): void {
    message.swipes?.forEach((text, idx) => {
      this.sql.exec(
        "INSERT INTO te_chat_swipes(chat_id, seq, idx, text) VALUES(?, ?, ?, ?)",
        message.chatId,
        message.seq,
        idx,
        text,
      );
    });
  }

  /** Maps rows (ascending by seq) to records, loading the swipes of those that have any. */
  private withSwipes(chatId: string, rows: Row[]): MessageRecord[] {
    const swiped = rows.filter((row) => Number(row.swipe_count) > 0);
    const swipes = new Map<number, string[]>();
    if (swiped.length > 0) {
      const first = Number(swiped[0]!.seq);
      const last = Number(swiped[swiped.length - 1]!.seq);
      for (const row of this.sql.exec(
        "SELECT seq, text FROM te_chat_swipes WHERE chat_id = ? AND seq BETWEEN ? AND ? ORDER BY seq, idx",
        chatId,
        first,
        last,
      )) {
        const seq = Number(row.seq);
        const list = swipes.get(seq) ?? [];
        list.push(String(row.text));
        swipes.set(seq, list);
      }
    }
    return rows.map((row) => toMessage(row, Number(row.swipe_count) > 0 ? (swipes.get(Number(row.seq)) ?? []) : null));
  }
}
