/**
 * A chat with a library character (docs/spec/characters.md §4): `POST /chats {characterId}` links
 * the chat to the character (its summary in `character`) and posts the character's first message
 * (`first_mes`, with `alternate_greetings` as its swipes, the first selected), as SillyTavern does.
 * `PATCH /chats/:id {characterId}` relinks (`null` unlinks); an inline `character` on create
 * becomes a library character of its own, so every new chat is linked.
 *
 * Errors: `character.not_found` (404), the chat codes of create/update.
 */
import type { ChatView } from "../../domain/chats/types";
import type { CreateChatInput, UpdateChatInput } from "../chats/chat-catalog";
import { createCharacter } from "./character-crud";
import { requireCharacter, type LibraryDeps } from "./library-deps";
import { chatSummaryOf } from "./views";
import { promptCharacter } from "../../domain/characters/card";
import { checkMessageText, checkSwipeCount } from "../../domain/chats/limits";

export interface CreateChatWithCharacter extends CreateChatInput {
  characterId?: string;
}

export function createChatWithCharacter(deps: LibraryDeps, input: CreateChatWithCharacter): ChatView {
  let characterId = input.characterId;
  if (!characterId && input.character) {
    const { name, description, personality, scenario, firstMessage } = input.character;
    characterId = createCharacter(deps, {
      name,
      description: description ?? "",
      personality: personality ?? "",
      scenario: scenario ?? "",
      first_mes: firstMessage ?? "",
    }).id;
  }
  if (!characterId) return deps.chats.createChat(input);
  const record = requireCharacter(deps, characterId);
  const card = promptCharacter(record.card.data);
  const greetings = [card.firstMessage, ...card.alternateGreetings].filter((g) => g.trim() !== "");
  for (const text of greetings) checkMessageText(text);
  checkSwipeCount(greetings.length);
  const chat = deps.chats.createChat({ ...input, character: chatSummaryOf(record), characterId });
  if (greetings.length === 0) return chat;
  deps.chats.postGreeting(chat.id, { name: record.name, greetings });
  return deps.chats.getChat(chat.id);
}

export function updateChatCharacter(deps: LibraryDeps, chatId: string, input: UpdateChatInput): ChatView {
  if (input.characterId) {
    const record = requireCharacter(deps, input.characterId);
    return deps.chats.updateChat(chatId, { ...input, character: chatSummaryOf(record) });
  }
  if (input.characterId === null) return deps.chats.updateChat(chatId, { ...input, character: null });
  return deps.chats.updateChat(chatId, input);
}
