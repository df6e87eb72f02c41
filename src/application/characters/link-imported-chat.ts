/**
 * An imported SillyTavern chat finds its library character (docs/spec/characters.md §4 "Imported
 * chats"): the JSONL header names the character (`character_name`); when exactly one library
 * character has that name (trimmed, ASCII case ignored) the chat is linked to it, as
 * `PATCH /chats/:id {characterId}` would. Otherwise the chat stays unlinked and the answer says
 * why, so the user can pick the character on the chat page.
 */
import type { ImportedChatView } from "../../contracts/chat-views";
import type { ChatView } from "../../domain/chats/types";
import type { LibraryDeps } from "./library-deps";
import { updateChatCharacter } from "./chat-with-character";

/** Links `chat` (just imported) to the one library character named as its header's character. */
export function linkImportedChat(deps: LibraryDeps, chat: ChatView): ImportedChatView {
  const name = chat.character?.name.trim() ?? "";
  if (!name)
    return {
      ...chat,
      characterLink: {
        status: "no_name",
        message: "The chat file names no character, so the chat is not linked to one.",
      },
    };
  const matches = deps.repo.characters.named(name);
  if (matches.length === 1) {
    const linked = updateChatCharacter(deps, chat.id, { characterId: matches[0]!.id });
    return { ...linked, characterLink: { status: "linked", name, characterId: matches[0]!.id } };
  }
  if (matches.length === 0)
    return {
      ...chat,
      characterLink: {
        status: "no_match",
        name,
        message: `No character in your library is named "${name}", so the chat is not linked. Import the card, then pick it on the chat page.`,
      },
    };
  return {
    ...chat,
    characterLink: {
      status: "ambiguous",
      name,
      candidates: matches,
      message: `${matches.length} characters in your library are named "${name}", so the chat is not linked. Pick the right one on the chat page.`,
    },
  };
}
