/** Row ↔ record mapping of the chat tables (schema v4). */
import { parsePreservingNumbers } from "../../domain/chats/json";
import type { CharacterCard, ChatRecord, ChatRole, JsonObject, MessageRecord, Persona } from "../../domain/chats/types";

type Row = Record<string, SqlStorageValue>;

function json<T>(value: SqlStorageValue | undefined): T | null {
  return value === null || value === undefined ? null : (JSON.parse(String(value)) as T);
}

/** Parses JSON that stays inside the object (header, unknown fields), keeping number digits. */
function exactJson<T>(value: SqlStorageValue | undefined): T | null {
  return value === null || value === undefined ? null : (parsePreservingNumbers(String(value)) as T);
}

/** `te_chats` row → ChatRecord. */
export function toChat(row: Row): ChatRecord {
  return {
    id: String(row.id),
    kind: "character",
    title: String(row.title),
    revision: Number(row.revision),
    messageCount: Number(row.message_count),
    character: json<CharacterCard>(row.character_json),
    characterId: row.character_id === null || row.character_id === undefined ? null : String(row.character_id),
    systemPrompt: row.system_prompt === null ? null : String(row.system_prompt),
    persona: json<Persona>(row.persona_json),
    header: exactJson<JsonObject>(row.header_json),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Columns of a message row, without swipes (`MESSAGE_COLUMNS` selects them). */
export const MESSAGE_COLUMNS =
  "chat_id, seq, message_id, revision, role, name, text, send_date, swipe_count, swipe_id, tool_calls_json, tool_call_id, extra_json, raw_json";

/** `te_chat_messages` row → MessageRecord; `swipes` from te_chat_swipes (null when none). */
export function toMessage(row: Row, swipes: string[] | null): MessageRecord {
  return {
    chatId: String(row.chat_id),
    seq: Number(row.seq),
    messageId: String(row.message_id),
    revision: Number(row.revision),
    role: String(row.role) as ChatRole,
    name: String(row.name),
    text: String(row.text),
    sendDate: String(row.send_date),
    swipes,
    swipeId: swipes && row.swipe_id !== null ? Number(row.swipe_id) : null,
    toolCalls: json<JsonObject[]>(row.tool_calls_json),
    toolCallId: row.tool_call_id === null ? null : String(row.tool_call_id),
    extra: json<JsonObject>(row.extra_json) ?? {},
    extraJson: String(row.extra_json),
    raw: exactJson<JsonObject>(row.raw_json),
  };
}

/** Bound values of a message insert, in MESSAGE_COLUMNS order. */
export function messageValues(message: MessageRecord): SqlStorageValue[] {
  return [
    message.chatId,
    message.seq,
    message.messageId,
    message.revision,
    message.role,
    message.name,
    message.text,
    message.sendDate,
    message.swipes?.length ?? 0,
    message.swipes ? (message.swipeId ?? 0) : null,
    message.toolCalls ? JSON.stringify(message.toolCalls) : null,
    message.toolCallId,
    message.extraJson ?? JSON.stringify(message.extra),
    message.raw ? JSON.stringify(message.raw) : null,
  ];
}
