/**
 * What the character and World Info use cases need (docs/spec/characters.md, docs/spec/worldinfo.md),
 * and the frames they broadcast: `character.changed`, `worldinfo.changed`, and `chat.changed` for
 * chats whose linked character changed.
 */
import { AppError } from "../../domain/errors";
import type { CardImageCodec } from "../../ports/card-image";
import type { BookRecord, CharacterRecord, LibraryRepository } from "../../ports/character-repository";
import type { FileSniffer } from "../../ports/file-sniffer";
import type { Clock, SocketHub } from "../../ports/space";
import type { ChatService } from "../chats/chat-service";

export interface LibraryDeps {
  repo: LibraryRepository;
  codec: CardImageCodec;
  /** What an imported file is, from its first bytes. */
  sniffer: FileSniffer;
  chats: ChatService;
  sockets: SocketHub;
  clock: Clock;
}

/** The character or `character.not_found`. */
export function requireCharacter(deps: LibraryDeps, id: string): CharacterRecord {
  const found = deps.repo.characters.get(id);
  if (!found)
    throw new AppError(
      "character.not_found",
      "This character does not exist (it may have been deleted on another device).",
      {
        characterId: id,
      },
    );
  return found;
}

/** The book or `worldinfo.book_not_found`. */
export function requireBook(deps: LibraryDeps, id: string): BookRecord {
  const found = deps.repo.books.get(id);
  if (!found)
    throw new AppError(
      "worldinfo.book_not_found",
      "This World Info book does not exist (it may have been deleted on another device).",
      {
        bookId: id,
      },
    );
  return found;
}

export function characterChanged(deps: LibraryDeps, characterId: string, removed = false): void {
  deps.sockets.broadcast({ type: "character.changed", characterId, ...(removed ? { removed: true as const } : {}) });
}

export function bookChanged(deps: LibraryDeps, bookId: string, removed = false): void {
  deps.sockets.broadcast({ type: "worldinfo.changed", bookId, ...(removed ? { removed: true as const } : {}) });
}

/** Sends `chat.changed` for every chat linked to `characterId` (their character summary changed). */
export function linkedChatsChanged(deps: LibraryDeps, characterId: string): void {
  for (const chatId of deps.repo.chatsOf(characterId)) {
    deps.sockets.broadcast({ type: "chat.changed", chatId, chat: deps.chats.getChat(chatId) });
  }
}
