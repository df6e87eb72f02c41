/**
 * Character library edits (docs/spec/characters.md §1, §4): list, get, create (a V3 card of the
 * given `data`), update (`data` fields replace the card's, shallow; `ifRevision` guards), delete
 * (its own book goes with it; linked chats keep their summary and lose the link). Every change
 * broadcasts `character.changed`; a name or card change also `chat.changed` for linked chats.
 *
 * Errors: `character.not_found` (404), `character.name_invalid`, `character.card_invalid` (400),
 * `character.card_too_large` (413), `character.revision_conflict` (409, details.current).
 */
import type { CharacterList, CharacterView } from "../../contracts/character-views";
import { checkCardName, parseCard, V2_DEFAULTS } from "../../domain/characters/card";
import { newCharacterId } from "../../domain/characters/ids";
import { AppError } from "../../domain/errors";
import type { CharacterRecord } from "../../ports/character-repository";
import { CARD_DOC_MAX_CHARS } from "./card-import";
import { bookChanged, characterChanged, linkedChatsChanged, requireCharacter, type LibraryDeps } from "./library-deps";
import { chatSummaryOf, toCharacterSummary, toCharacterView } from "./views";

type Json = Record<string, unknown>;

export function listCharacters(deps: LibraryDeps): CharacterList {
  return { characters: deps.repo.characters.list().map(toCharacterSummary) };
}

export function getCharacter(deps: LibraryDeps, id: string): CharacterView {
  return toCharacterView(requireCharacter(deps, id));
}

function checkData(data: Json): void {
  if ("character_book" in data)
    throw new AppError(
      "character.card_invalid",
      "Edit a character's lorebook in World Info; character_book cannot be set here.",
    );
  parseCard({ spec: "chara_card_v3", spec_version: "3.0", data });
  if (JSON.stringify(data).length > CARD_DOC_MAX_CHARS)
    throw new AppError("character.card_too_large", "The card's text is larger than 1.5 MB.");
}

export function createCharacter(deps: LibraryDeps, data: Json): CharacterView {
  const full: Json = { ...V2_DEFAULTS, group_only_greetings: [], ...data };
  checkData(full);
  const now = deps.clock.now();
  const record: CharacterRecord = {
    id: newCharacterId(),
    name: checkCardName(full.name).trim(),
    revision: 1,
    card: { spec: "chara_card_v3", spec_version: "3.0", data: full },
    bookId: null,
    avatar: null,
    createdAt: now,
    updatedAt: now,
  };
  deps.repo.characters.insert(record);
  characterChanged(deps, record.id);
  return toCharacterView(record);
}

export function updateCharacter(
  deps: LibraryDeps,
  id: string,
  input: { data: Json; ifRevision?: number },
): CharacterView {
  const current = requireCharacter(deps, id);
  if (input.ifRevision !== undefined && input.ifRevision !== current.revision)
    throw new AppError(
      "character.revision_conflict",
      "This character was changed on another device; reload it and try again.",
      {
        current: toCharacterView(current),
      },
    );
  const data = { ...current.card.data, ...input.data };
  checkData(data);
  const next: CharacterRecord = {
    ...current,
    name: checkCardName(data.name).trim(),
    revision: current.revision + 1,
    card: { ...current.card, data },
    updatedAt: deps.clock.now(),
  };
  deps.repo.transaction(() => {
    deps.repo.characters.update(next);
    deps.repo.refreshChatSummaries(id, chatSummaryOf(next) as unknown as Json);
  });
  characterChanged(deps, id);
  linkedChatsChanged(deps, id);
  return toCharacterView(next);
}

export function deleteCharacter(deps: LibraryDeps, id: string): { id: string; deleted: true } {
  const current = requireCharacter(deps, id);
  const chats = deps.repo.chatsOf(id);
  const ownBook = current.bookId ? deps.repo.books.get(current.bookId) : null;
  deps.repo.transaction(() => {
    if (ownBook && ownBook.characterId === id) deps.repo.books.delete(ownBook.id);
    deps.repo.books.detachTarget("character", id);
    deps.repo.characters.delete(id);
    deps.repo.unlinkChats(id);
  });
  characterChanged(deps, id, true);
  if (ownBook && ownBook.characterId === id) bookChanged(deps, ownBook.id, true);
  for (const chatId of chats)
    deps.sockets.broadcast({ type: "chat.changed", chatId, chat: deps.chats.getChat(chatId) });
  return { id, deleted: true };
}
