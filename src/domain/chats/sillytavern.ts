/**
 * SillyTavern chat JSONL ↔ chat/message records (issue [chats] "Import and export").
 *
 * File shape: line 1 is a header `{user_name, character_name, create_date, chat_metadata, …}`;
 * every other line is a message `{name, is_user, is_system, send_date, mes, extra, swipes,
 * swipe_id, …}`. Round trip keeps every field we do not model: the parsed line is stored as `raw`
 * with the modeled keys (`name`, `mes`, `extra`, `swipes`, and `swipe_id` when swipes exist)
 * replaced by a `null` placeholder, and export writes the current values back into those same key
 * positions; everything else (`is_user`, `is_system`, `send_date`, `swipe_info`, …) is kept as is.
 * Hosted-only fields (role `tool`, `toolCalls`, `toolCallId`) travel in
 * `extra.tauritavern.toolMessage` and are taken out again on import.
 *
 * Errors (all carry `details.line`, 1-based): chat.import_invalid_line (400),
 * chat.message_text_too_large (413), chat.message_extra_too_large (413), chat.too_many_swipes (400).
 */
import { AppError } from "../errors";
import { parsePreservingNumbers } from "./json";
import { checkExtraSize, checkMessageText, checkSwipeCount, MAX_TITLE_CHARS } from "./limits";
import type { CharacterCard, ChatRecord, ChatRole, JsonObject, MessageRecord, Persona } from "./types";

/** Keys of a message line that are modeled (and so replaced by placeholders in `raw`). */
const MODELED_KEYS = ["name", "mes", "extra"] as const;
/** Key under `extra.tauritavern` that carries hosted-only message fields. */
const TOOL_MESSAGE_KEY = "toolMessage";

/** A message line parsed into the fields a MessageRecord needs (ids and order added by the caller). */
export type ParsedMessage = Pick<
  MessageRecord,
  "role" | "name" | "text" | "sendDate" | "swipes" | "swipeId" | "toolCalls" | "toolCallId" | "extra" | "raw"
>;

/** The chat fields an import derives from the header. */
export interface HeaderChatFields {
  title: string;
  character: CharacterCard | null;
  systemPrompt: string | null;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(line: number, reason: string): AppError {
  return new AppError(
    "chat.import_invalid_line",
    `Line ${line} of the chat file is not valid: ${reason}. Nothing was imported.`,
    { line },
  );
}

/** Runs `check`, adding `details.line` to any AppError it raises. */
function atLine<T>(line: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.code, `Line ${line}: ${error.message} Nothing was imported.`, {
        ...error.details,
        line,
      });
    throw error;
  }
}

/** Parses one JSONL line to a JSON object or throws `chat.import_invalid_line` with its number. */
export function parseJsonLine(text: string, line: number): JsonObject {
  let value: unknown;
  try {
    value = parsePreservingNumbers(text);
  } catch {
    throw invalid(line, "it is not JSON");
  }
  if (!isObject(value)) throw invalid(line, "it is not a JSON object");
  return value;
}

/** True when a parsed first line is a SillyTavern header rather than a message. */
export function isHeaderLine(value: JsonObject): boolean {
  return (
    !("mes" in value) &&
    ("user_name" in value || "character_name" in value || "chat_metadata" in value || "create_date" in value)
  );
}

function tauritavernOf(container: unknown): JsonObject | null {
  return isObject(container) && isObject(container.tauritavern) ? container.tauritavern : null;
}

/** The title, character and system prompt an imported header implies. */
export function chatFieldsFromHeader(header: JsonObject | null): HeaderChatFields {
  const saved = tauritavernOf(header?.chat_metadata)?.chat;
  if (isObject(saved) && typeof saved.title === "string") {
    return {
      title: saved.title.slice(0, MAX_TITLE_CHARS),
      character:
        isObject(saved.character) && typeof saved.character.name === "string"
          ? (saved.character as unknown as CharacterCard)
          : null,
      systemPrompt: typeof saved.systemPrompt === "string" ? saved.systemPrompt : null,
    };
  }
  const characterName = typeof header?.character_name === "string" ? header.character_name.trim() : "";
  const created = typeof header?.create_date === "string" ? header.create_date.trim() : "";
  const title = characterName ? (created ? `${characterName} - ${created}` : characterName) : "Imported chat";
  return {
    title: title.slice(0, MAX_TITLE_CHARS).trim() || "Imported chat",
    character: characterName ? { name: characterName.slice(0, 200) } : null,
    systemPrompt: null,
  };
}

/** SillyTavern's default user name (no persona). */
const DEFAULT_USER_NAME = "User";

/**
 * The persona an imported header names: SillyTavern's `user_name` (docs/spec/chats.md "Personas"),
 * so new messages in an imported chat keep the name the user played under. Null when absent, blank
 * or SillyTavern's default "User".
 */
export function personaFromHeader(header: JsonObject | null): Persona | null {
  const name = typeof header?.user_name === "string" ? header.user_name.trim().slice(0, 200) : "";
  // "User" is SillyTavern's default name (and what a chat without a persona exports): no persona.
  return name && name !== DEFAULT_USER_NAME ? { name } : null;
}

/** Parses a message line (already JSON-parsed) into message fields; `line` is 1-based. */
export function parseMessageLine(value: JsonObject, line: number): ParsedMessage {
  if (typeof value.mes !== "string") throw invalid(line, 'a message needs a string "mes"');
  if ("extra" in value && !isObject(value.extra)) throw invalid(line, '"extra" must be an object');
  if ("name" in value && typeof value.name !== "string") throw invalid(line, '"name" must be a string');
  let swipes: string[] | null = null;
  if (Array.isArray(value.swipes)) {
    if (!value.swipes.every((swipe) => typeof swipe === "string")) throw invalid(line, "every swipe must be a string");
    if (value.swipes.length > 0) swipes = value.swipes as string[];
  } else if ("swipes" in value && value.swipes !== null && value.swipes !== undefined) {
    throw invalid(line, '"swipes" must be an array of strings');
  }
  const swipeIdRaw = value.swipe_id;
  if (swipeIdRaw !== undefined && swipeIdRaw !== null && !Number.isInteger(swipeIdRaw))
    throw invalid(line, '"swipe_id" must be an integer');
  const extra: JsonObject = isObject(value.extra) ? { ...value.extra } : {};
  const hosted = takeToolMessage(extra);
  const role: ChatRole =
    hosted?.role ?? (value.is_user === true ? "user" : value.is_system === true ? "system" : "assistant");
  const raw: JsonObject = {};
  for (const [key, field] of Object.entries(value)) {
    const modeled =
      key === "swipes" || key === "swipe_id" ? swipes !== null : (MODELED_KEYS as readonly string[]).includes(key);
    raw[key] = modeled ? null : field;
  }
  atLine(line, () => {
    checkMessageText(value.mes as string);
    if (swipes) {
      checkSwipeCount(swipes.length);
      for (const swipe of swipes) checkMessageText(swipe, "swipe");
    }
    checkExtraSize(JSON.stringify(extra).length + JSON.stringify(raw).length);
  });
  const sendDate = value.send_date;
  return {
    role,
    name: typeof value.name === "string" ? value.name : "",
    text: value.mes,
    sendDate:
      typeof sendDate === "string"
        ? sendDate
        : sendDate === undefined || sendDate === null
          ? ""
          : JSON.stringify(sendDate),
    swipes,
    swipeId: swipes ? Math.min(Math.max(Number(swipeIdRaw ?? 0), 0), Math.max(swipes.length - 1, 0)) : null,
    toolCalls: hosted?.toolCalls ?? null,
    toolCallId: hosted?.toolCallId ?? null,
    extra,
    raw,
  };
}

interface HostedFields {
  role: ChatRole;
  toolCalls: JsonObject[] | null;
  toolCallId: string | null;
}

/** Removes `extra.tauritavern.toolMessage` (written by export) and returns its fields. */
function takeToolMessage(extra: JsonObject): HostedFields | null {
  const tt = tauritavernOf(extra);
  const hosted = tt?.[TOOL_MESSAGE_KEY];
  if (!tt || !isObject(hosted)) return null;
  const rest = { ...tt };
  delete rest[TOOL_MESSAGE_KEY];
  if (Object.keys(rest).length === 0) delete extra.tauritavern;
  else extra.tauritavern = rest;
  const role =
    hosted.role === "tool" || hosted.role === "assistant" || hosted.role === "system" || hosted.role === "user"
      ? hosted.role
      : "assistant";
  return {
    role,
    toolCalls: Array.isArray(hosted.toolCalls) ? (hosted.toolCalls.filter(isObject) as JsonObject[]) : null,
    toolCallId: typeof hosted.toolCallId === "string" ? hosted.toolCallId : null,
  };
}

/** The header line to export: the imported header (plus changed chat fields), or a fresh one. */
export function exportHeader(chat: ChatRecord): JsonObject {
  const current: HeaderChatFields = { title: chat.title, character: chat.character, systemPrompt: chat.systemPrompt };
  const header: JsonObject = chat.header
    ? { ...chat.header }
    : {
        user_name: chat.persona?.name ?? DEFAULT_USER_NAME,
        character_name: chat.character?.name ?? chat.title,
        create_date: new Date(chat.createdAt).toISOString(),
        chat_metadata: {},
      };
  if (chat.header && chat.persona && header.user_name !== chat.persona.name) header.user_name = chat.persona.name;
  if (chat.header && sameChatFields(chatFieldsFromHeader(chat.header), current)) return header;
  const metadata = isObject(header.chat_metadata) ? { ...header.chat_metadata } : {};
  const tauritavern = isObject(metadata.tauritavern) ? { ...metadata.tauritavern } : {};
  tauritavern.chat = {
    title: chat.title,
    ...(chat.character ? { character: chat.character } : {}),
    ...(chat.systemPrompt !== null ? { systemPrompt: chat.systemPrompt } : {}),
  };
  metadata.tauritavern = tauritavern;
  header.chat_metadata = metadata;
  return header;
}

function sameChatFields(a: HeaderChatFields, b: HeaderChatFields): boolean {
  return (
    a.title === b.title &&
    a.systemPrompt === b.systemPrompt &&
    JSON.stringify(a.character) === JSON.stringify(b.character)
  );
}

/** The SillyTavern line of a message (unknown imported fields back in their original places). */
export function exportMessage(message: MessageRecord): JsonObject {
  const stored = message.extraJson !== undefined ? parsePreservingNumbers(message.extraJson) : message.extra;
  const extra: JsonObject = { ...(isObject(stored) ? stored : {}) };
  if (message.role === "tool" || message.toolCalls || message.toolCallId !== null) {
    const tauritavern = isObject(extra.tauritavern) ? { ...extra.tauritavern } : {};
    tauritavern[TOOL_MESSAGE_KEY] = {
      role: message.role,
      ...(message.toolCalls ? { toolCalls: message.toolCalls } : {}),
      ...(message.toolCallId !== null ? { toolCallId: message.toolCallId } : {}),
    };
    extra.tauritavern = tauritavern;
  }
  if (!message.raw) {
    return {
      name: message.name,
      is_user: message.role === "user",
      is_system: message.role === "system" || message.role === "tool",
      send_date: message.sendDate,
      mes: message.text,
      extra,
      ...(message.swipes ? { swipes: message.swipes, swipe_id: message.swipeId ?? 0 } : {}),
    };
  }
  const line: JsonObject = { ...message.raw };
  if ("name" in line || message.name !== "") line.name = message.name;
  line.mes = message.text;
  if ("extra" in line || Object.keys(extra).length > 0) line.extra = extra;
  if (message.swipes) {
    line.swipes = message.swipes;
    if ("swipe_id" in line || (message.swipeId ?? 0) !== 0) line.swipe_id = message.swipeId ?? 0;
  }
  return line;
}
