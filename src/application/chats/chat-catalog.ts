/**
 * Chat lifecycle: create, list (newest first, keyset cursor), get, update (rename, card, system
 * prompt), delete, duplicate (issue [chats] "Build"). Every change broadcasts `chat.changed`.
 *
 * Errors: chat.not_found (404), chat.title_invalid (400), chat.revision_conflict (409,
 * details.current = the chat), chat.cursor_invalid (400).
 */
import { AppError } from "../../domain/errors";
import { newChatId } from "../../domain/chats/ids";
import { normalizeTitle } from "../../domain/chats/limits";
import { toChatView, type CharacterCard, type ChatRecord, type ChatView, type Persona } from "../../domain/chats/types";
import type { ChatPage } from "../../contracts/chat-views";
import { broadcastChat, broadcastChatRemoved, requireChat, revisionConflict, type ChatDeps } from "./chat-context";

/** Input of create: docs/spec/chats.md §1, `POST /api/v1/chats`. */
export interface CreateChatInput {
  title: string;
  character?: CharacterCard;
  /** The linked library character (its summary in `character`); docs/spec/characters.md §4. */
  characterId?: string;
  systemPrompt?: string;
}

/** Input of update; `null` clears the character, system prompt or the chat's persona. */
export interface UpdateChatInput {
  title?: string;
  character?: CharacterCard | null;
  /** Relinks (with `character` the new summary) or unlinks (`null`) the library character. */
  characterId?: string | null;
  systemPrompt?: string | null;
  /** The chat's own persona (docs/spec/chats.md "Personas"); null = the user's persona applies. */
  persona?: Persona | null;
  ifRevision?: number;
}

export function createChat(deps: ChatDeps, input: CreateChatInput): ChatView {
  const now = deps.clock.now();
  const chat: ChatRecord = {
    id: newChatId(),
    kind: "character",
    title: normalizeTitle(input.title),
    revision: 1,
    messageCount: 0,
    character: input.character ?? null,
    characterId: input.characterId ?? null,
    systemPrompt: input.systemPrompt ?? null,
    persona: null,
    header: null,
    createdAt: now,
    updatedAt: now,
  };
  deps.repo.chats.insert(chat);
  broadcastChat(deps, chat);
  return toChatView(chat);
}

function encodeCursor(chat: ChatRecord): string {
  return btoa(JSON.stringify([chat.createdAt, chat.id])).replace(/=+$/, "");
}

function decodeCursor(cursor: string): { createdAt: number; id: string } {
  try {
    const [createdAt, id] = JSON.parse(atob(cursor)) as [number, string];
    if (typeof createdAt === "number" && typeof id === "string") return { createdAt, id };
  } catch {
    /* fall through */
  }
  throw new AppError("chat.cursor_invalid", "This list cursor is not valid; start again from the first page.");
}

export type { ChatPage };

export function listChats(deps: ChatDeps, options: { cursor?: string; limit?: number }): ChatPage {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const rows = deps.repo.chats.list(limit + 1, options.cursor ? decodeCursor(options.cursor) : null);
  const page = rows.slice(0, limit);
  return {
    chats: page.map(toChatView),
    ...(rows.length > limit ? { nextCursor: encodeCursor(page[page.length - 1]!) } : {}),
  };
}

export function updateChat(deps: ChatDeps, chatId: string, input: UpdateChatInput): ChatView {
  const chat = requireChat(deps, chatId);
  if (input.ifRevision !== undefined && input.ifRevision !== chat.revision) {
    throw revisionConflict("This chat was changed on another device; reload it and try again.", toChatView(chat));
  }
  const next: ChatRecord = {
    ...chat,
    title: input.title !== undefined ? normalizeTitle(input.title) : chat.title,
    character: input.character !== undefined ? input.character : chat.character,
    characterId:
      input.characterId !== undefined ? input.characterId : input.character === null ? null : chat.characterId,
    systemPrompt: input.systemPrompt !== undefined ? input.systemPrompt : chat.systemPrompt,
    persona: input.persona !== undefined ? input.persona : chat.persona,
    revision: chat.revision + 1,
    updatedAt: deps.clock.now(),
  };
  deps.repo.chats.update(next);
  broadcastChat(deps, next);
  return toChatView(next);
}

export function deleteChat(deps: ChatDeps, chatId: string): { id: string; deleted: true } {
  requireChat(deps, chatId);
  deps.repo.transaction(() => deps.repo.chats.delete(chatId));
  broadcastChatRemoved(deps, chatId);
  return { id: chatId, deleted: true };
}

export function duplicateChat(deps: ChatDeps, chatId: string, title?: string): ChatView {
  const source = requireChat(deps, chatId);
  const now = deps.clock.now();
  const copy: ChatRecord = {
    ...source,
    id: newChatId(),
    title: normalizeTitle(title ?? `${source.title} (copy)`.slice(0, 200)),
    revision: 1,
    createdAt: now,
    updatedAt: now,
  };
  deps.repo.transaction(() => {
    deps.repo.chats.insert(copy);
    deps.repo.messages.copyAll(source.id, copy.id);
  });
  broadcastChat(deps, copy);
  return toChatView(copy);
}
