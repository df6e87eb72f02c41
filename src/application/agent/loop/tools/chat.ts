/**
 * `chat.search` and `chat.read_messages` over the run's frozen input prefix (docs/spec/tool-system.md §2):
 * only messages 0..prefixLength-1 exist for the model (swipe/regenerate exclude their target).
 * Recoverable errors: `chat.message_not_found`, `chat.invalid_message_range`, `chat.read_too_large`,
 * `chat.not_found`, `chat.invalid_search_query`, `tool.invalid_arguments`.
 */
import { AppError } from "../../../../domain/errors";
import {
  badArgs,
  onlyKeys,
  optInt,
  optString,
  reqString,
  sliceChars,
  type Args,
} from "../../../../domain/agent/loop/builtin-args";
import type { ToolOk } from "../../../../domain/agent/loop/worldinfo";
import { textMetrics } from "../../../../domain/workspace/text-metrics";
import { ToolError } from "../../../../domain/workspace/tool-error";
import type { ChatService } from "../../../chats/chat-service";
import { batchedMessageReader } from "./chat-message-reader";

/** What the chat tools read: hits, then the messages of one call in one batch. */
export type ChatReader = Pick<ChatService, "messagesAt" | "search">;

const MAX_MESSAGES = 20;
const MAX_RANGE = 8000;
const MAX_TOTAL = 20_000;

/** Turns chat-service AppErrors into recoverable tool errors. */
function recoverable<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof AppError && !(error instanceof ToolError) && error.code.startsWith("chat."))
      throw new ToolError(error.code, error.message);
    throw error;
  }
}

/**
 * `chat.search` (docs/spec/tool-system.md §2.1): `{query, hits[{index, role, score, snippet, chars,
 * words, ref}]}`, most recent first; `words` counts the whole message (all hits' messages are read
 * in one batch).
 */
export function chatSearch(chats: ChatReader, chatId: string, prefixLength: number, args: Args): ToolOk {
  onlyKeys(args, ["query", "limit", "role", "start_message", "end_message", "scan_limit"], "chat_search");
  const query = reqString(args, "query");
  const limit = optInt(args, "limit", 1, 50) ?? 20;
  const role = optString(args, "role");
  if (role !== undefined && !["user", "assistant", "system"].includes(role))
    throw badArgs('"role" must be user, assistant or system.');
  const start = optInt(args, "start_message", 0);
  const end = optInt(args, "end_message", 0);
  const scanLimit = optInt(args, "scan_limit", 1, 100_000);
  if (start !== undefined && end !== undefined && end < start)
    throw new ToolError("chat.invalid_message_range", "end_message must be ≥ start_message.");
  const last = Math.min(end ?? prefixLength - 1, prefixLength - 1);
  const hits =
    prefixLength === 0 || last < (start ?? 0)
      ? []
      : recoverable(
          () =>
            chats.search(chatId, {
              q: query,
              limit,
              ...(role ? { role: role as "user" } : {}),
              ...(start !== undefined ? { startIndex: start } : {}),
              endIndex: last,
              ...(scanLimit !== undefined ? { scanLimit } : {}),
            }).hits,
        );
  const read = batchedMessageReader(
    chats,
    chatId,
    hits.map((hit) => hit.index),
  );
  const out = hits.map((hit, rank) => {
    const words = textMetrics(read(hit.index).text).words;
    return {
      index: hit.index,
      role: hit.role,
      score: Math.round((1 - rank / Math.max(hits.length, 1)) * 1000) / 1000,
      snippet: hit.snippet,
      chars: hit.chars,
      words,
      ref: `chat:current#${hit.index}`,
    };
  });
  const lines = out.map((h) => `#${h.index} ${h.role}: ${h.snippet}`);
  return {
    content:
      out.length === 0 ? `No messages match "${query}".` : `${out.length} hits for "${query}":\n${lines.join("\n")}`,
    structured: { query, hits: out },
    resourceRefs: out.map((h) => h.ref),
  };
}

/**
 * The indices `chat.read_messages` may read: each item's `index` that passes the checks made
 * before its read (an integer, 0 ≤ index < prefixLength). The items are still checked one by one.
 */
function readableIndices(list: readonly unknown[], prefixLength: number): number[] {
  return list.flatMap((raw) => {
    const index = typeof raw === "object" && raw !== null ? (raw as Args).index : undefined;
    return typeof index === "number" && Number.isInteger(index) && index >= 0 && index < prefixLength ? [index] : [];
  });
}

/**
 * `chat.read_messages` (docs/spec/tool-system.md §2.2): `{totalMessages, messages[…]}`. Items are
 * checked and read in order, so the first failing item decides the error; the messages themselves
 * are fetched in one batch on the first read.
 */
export function chatReadMessages(chats: ChatReader, chatId: string, prefixLength: number, args: Args): ToolOk {
  onlyKeys(args, ["messages"], "chat_read_messages");
  const list = args.messages;
  if (!Array.isArray(list) || list.length === 0)
    throw badArgs('"messages" must be a non-empty list of {index, start_char?, max_chars?}.');
  if (list.length > MAX_MESSAGES)
    throw new ToolError("chat.read_too_large", `Read at most ${MAX_MESSAGES} messages per call.`);
  const read = batchedMessageReader(chats, chatId, readableIndices(list, prefixLength));
  let total = 0;
  const messages = list.map((raw) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      throw badArgs("Each item must be an object {index, start_char?, max_chars?}.");
    const item = raw as Args;
    onlyKeys(item, ["index", "start_char", "max_chars"], "chat_read_messages messages");
    const index = optInt(item, "index", 0);
    if (index === undefined) throw badArgs('Each item needs an integer "index".');
    if (index >= prefixLength)
      throw new ToolError(
        "chat.message_not_found",
        `Message ${index} does not exist; this run reads messages 0 to ${prefixLength - 1}.`,
      );
    const start = optInt(item, "start_char", 0) ?? 0;
    const max = optInt(item, "max_chars", 1);
    if (max !== undefined && max > MAX_RANGE)
      throw new ToolError("chat.read_too_large", `max_chars may be at most ${MAX_RANGE}.`);
    const message = recoverable(() => read(index));
    const slice = sliceChars(message.text, start, max);
    if (start > slice.totalChars)
      throw new ToolError(
        "chat.invalid_message_range",
        `start_char ${start} is past the end of message ${index} (${slice.totalChars} chars).`,
      );
    if (max === undefined && start === 0 && slice.totalChars > MAX_RANGE) {
      throw new ToolError(
        "chat.read_too_large",
        `Message ${index} has ${slice.totalChars} chars; read it in ranges of at most ${MAX_RANGE} with start_char/max_chars.`,
      );
    }
    total += slice.endChar - slice.startChar;
    if (total > MAX_TOTAL)
      throw new ToolError(
        "chat.read_too_large",
        `One call may return at most ${MAX_TOTAL} chars; read fewer messages or smaller ranges.`,
      );
    const part = textMetrics(slice.text);
    const whole = textMetrics(message.text);
    return {
      index,
      role: message.role,
      name: message.name,
      sendDate: message.sendDate,
      text: slice.text,
      startChar: slice.startChar,
      endChar: slice.endChar,
      chars: part.chars,
      totalChars: whole.chars,
      words: part.words,
      totalWords: whole.words,
      truncated: slice.startChar > 0 || slice.endChar < slice.totalChars,
      ref: `chat:current#${index}:chars=${slice.startChar}..${slice.endChar}`,
    };
  });
  const content = messages
    .map(
      (m) =>
        `#${m.index} ${m.role} (${m.name}) chars ${m.startChar}-${m.endChar} of ${m.totalChars}${m.truncated ? " (partial)" : ""}\n${m.text}`,
    )
    .join("\n\n");
  return { content, structured: { totalMessages: prefixLength, messages }, resourceRefs: messages.map((m) => m.ref) };
}
