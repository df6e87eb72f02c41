/**
 * The character's greeting in a new chat (docs/spec/characters.md §4): one assistant message,
 * the first greeting as its text and every greeting as its swipes (SillyTavern's `first_mes` and
 * `alternate_greetings`), swipe 0 selected. Broadcasts `chat.message_added`.
 *
 * Errors: `chat.not_found` (404), `chat.message_text_too_large` (413), `chat.too_many_swipes` (400).
 */
import { newMessageId } from "../../domain/chats/ids";
import { checkMessageText, checkSwipeCount } from "../../domain/chats/limits";
import type { MessageRecord, MessageView } from "../../domain/chats/types";
import type { ChatDeps } from "./chat-context";
import { insertAtEnd } from "./chat-messages";

export function postGreeting(
  deps: ChatDeps,
  chatId: string,
  input: { name: string; greetings: string[] },
): MessageView {
  for (const text of input.greetings) checkMessageText(text);
  const swipes = input.greetings.length > 1 ? input.greetings : null;
  if (swipes) checkSwipeCount(swipes.length);
  const message: MessageRecord = {
    chatId,
    seq: deps.repo.messages.nextSeq(chatId),
    messageId: newMessageId(),
    revision: 1,
    role: "assistant",
    name: input.name,
    text: input.greetings[0] ?? "",
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
