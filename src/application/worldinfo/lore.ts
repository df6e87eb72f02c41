/**
 * World Info settings, the "test activation" box, and the lore of a chat for the prompt builder
 * (docs/spec/worldinfo.md §2–§4): the linked character's card, and the books attached globally, to
 * that character (its own card book included) and to the chat.
 */
import type { ActivationTestResult } from "../../contracts/worldinfo-views";
import { promptCharacter, type PromptCharacter } from "../../domain/characters/card";
import { activateWorldInfo, type ActivationBook } from "../../domain/worldinfo/activation";
import type { WorldInfoSettings } from "../../domain/worldinfo/settings";
import type { TokenCounterLike } from "../../domain/prompt/token-counter-like";
import type { LibraryRepository } from "../../ports/character-repository";
import type { LibraryDeps } from "../characters/library-deps";

/** Settings as the API shows them. */
export type SettingsView = Omit<WorldInfoSettings, "globalBookIds">;

export function getSettings(deps: LibraryDeps): SettingsView {
  const { globalBookIds: _ids, ...view } = deps.repo.books.settings();
  return view;
}

export function patchSettings(deps: LibraryDeps, patch: Partial<SettingsView>): SettingsView {
  const next = { ...deps.repo.books.settings(), ...patch };
  deps.repo.books.saveSettings(next);
  deps.sockets.broadcast({ type: "worldinfo.changed", settings: true });
  return getSettings(deps);
}

function booksById(repo: LibraryRepository, ids: Iterable<string>): ActivationBook[] {
  const out: ActivationBook[] = [];
  for (const id of new Set(ids)) {
    const book = repo.books.get(id);
    if (book) out.push({ id, name: book.name, entries: repo.books.entries(id) });
  }
  return out;
}

/** Which entries `text` (as the newest message) activates in `bookIds` (default: every book). */
export function testActivation(
  deps: LibraryDeps,
  counter: TokenCounterLike,
  input: { text: string; bookIds?: string[]; contextTokens?: number },
): ActivationTestResult {
  const ids = input.bookIds ?? deps.repo.books.list().map((b) => b.id);
  return activateWorldInfo({
    books: booksById(deps.repo, ids),
    messages: [input.text],
    settings: { ...deps.repo.books.settings(), scanDepth: Math.max(1, deps.repo.books.settings().scanDepth) },
    contextTokens: input.contextTokens ?? 16_384,
    counter,
  });
}

/** What the prompt builder takes from the library for one chat. */
export interface ChatLore {
  character: PromptCharacter | null;
  books: ActivationBook[];
  settings: WorldInfoSettings;
}

/** The lore of a chat (its linked character, if any, and every attached book). */
export function chatLore(repo: LibraryRepository, chat: { id: string; characterId: string | null }): ChatLore {
  const character = chat.characterId ? repo.characters.get(chat.characterId) : null;
  const ids = repo.books.attachedTo({ characterId: chat.characterId, chatId: chat.id });
  if (character?.bookId) ids.push(character.bookId);
  return {
    character: character ? promptCharacter(character.card.data) : null,
    books: booksById(repo, ids),
    settings: repo.books.settings(),
  };
}
