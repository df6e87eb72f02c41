/**
 * The character's greeting in a new chat (docs/spec/characters.md §4): one assistant message,
 * the first greeting as its text and every greeting as its swipes (SillyTavern's `first_mes` and
 * `alternate_greetings`), swipe 0 selected, with `{{user}}`/`{{char}}` replaced by the persona in
 * force and the character's name (docs/spec/characters.md §4.1). Broadcasts `chat.message_added`.
 *
 * Errors: `chat.not_found` (404), `chat.message_text_too_large` (413), `chat.too_many_swipes` (400).
 */
import { newMessageId } from "../../domain/chats/ids";
import { checkMessageText, checkSwipeCount } from "../../domain/chats/limits";
import type { MessageRecord, MessageView } from "../../domain/chats/types";
import { DEFAULT_USER_NAME, substituteNames } from "../../domain/prompt/macros";
import { type ChatDeps, chatPersona, requireChat } from "./chat-context";
import { insertAtEnd } from "./chat-messages";

export function postGreeting(
  deps: ChatDeps,
  chatId: string,
  input: { name: string; greetings: string[] },
): MessageView {
  const persona = chatPersona(deps, requireChat(deps, chatId));
  const names = { user: persona?.name?.trim() || DEFAULT_USER_NAME, char: input.name };
  const greetings = input.greetings.map((text) => substituteNames(text, names));
  for (const text of greetings) checkMessageText(text);
  const swipes = greetings.length > 1 ? greetings : null;
  if (swipes) checkSwipeCount(swipes.length);
  const message: MessageRecord = {
    chatId,
    seq: deps.repo.messages.nextSeq(chatId),
    messageId: newMessageId(),
    revision: 1,
    role: "assistant",
    name: input.name,
    text: greetings[0] ?? "",
    sendDate: new Date(deps.clock.now()).toISOString(),
    swipes,
    swipeId: swipes ? 0 : null,
    toolCalls: null,
    toolCallId: null,
    extra: {},
    raw: null,
  };
  return insertAtEnd(deps, message);
}
