/**
 * Plain-text search in one chat with snippets (issue [chats]; the agent's `chat.search`,
 * docs/spec/tool-system.md §2, calls this). Matching is instr() over lower(text): ASCII case-insensitive,
 * exact otherwise. Hits come most recent first.
 *
 * Errors: chat.not_found (404), chat.invalid_search_query (400), chat.invalid_message_range (400).
 */
import { AppError } from "../../domain/errors";
import type { ChatRole } from "../../domain/chats/types";
import type { SearchHit } from "../../contracts/chat-views";
import { requireChat, type ChatDeps } from "./chat-context";

/** Longest query, characters. */
export const MAX_QUERY_CHARS = 500;
/** Most hits per search. */
export const MAX_SEARCH_HITS = 50;
/** Characters of context on each side of a match in a snippet. */
export const SNIPPET_CONTEXT = 80;

/** A search; indices are 0-based and inclusive; `scanLimit` keeps only the most recent N messages. */
export interface SearchOptions {
  q: string;
  limit?: number;
  role?: ChatRole;
  startIndex?: number;
  endIndex?: number;
  scanLimit?: number;
}

/** One hit: `snippet` is the match with up to 80 chars around it (… marks cut text). */
export type { SearchHit };

export function searchChat(deps: ChatDeps, chatId: string, options: SearchOptions): { hits: SearchHit[] } {
  const chat = requireChat(deps, chatId);
  const q = options.q.trim();
  if (q.length === 0 || q.length > MAX_QUERY_CHARS) {
    throw new AppError("chat.invalid_search_query", `A search needs 1 to ${MAX_QUERY_CHARS} characters.`, {
      maxChars: MAX_QUERY_CHARS,
    });
  }
  const limit = Math.min(Math.max(options.limit ?? 20, 1), MAX_SEARCH_HITS);
  let fromIndex = options.startIndex ?? 0;
  const toIndex = Math.min(options.endIndex ?? chat.messageCount - 1, chat.messageCount - 1);
  if (fromIndex < 0 || (options.endIndex !== undefined && options.endIndex < fromIndex)) {
    throw new AppError("chat.invalid_message_range", "The search range must have 0 ≤ start ≤ end.");
  }
  if (options.scanLimit !== undefined) fromIndex = Math.max(fromIndex, toIndex - options.scanLimit + 1);
  if (toIndex < fromIndex) return { hits: [] };
  const rows = deps.repo.messages.search(chatId, {
    needle: q.replace(/[A-Z]+/g, (ascii) => ascii.toLowerCase()),
    limit,
    ...(options.role ? { role: options.role } : {}),
    fromIndex,
    toIndex,
    context: SNIPPET_CONTEXT,
  });
  const hits = rows.map((row) => {
    const cutStart = row.windowStart > 1;
    const cutEnd = row.windowStart - 1 + row.window.length < row.chars;
    const body = row.window.replace(/\s+/g, " ");
    return {
      messageId: row.messageId,
      index: row.index,
      role: row.role,
      snippet: `${cutStart ? "…" : ""}${body}${cutEnd ? "…" : ""}`,
      chars: row.chars,
    };
  });
  return { hits };
}
