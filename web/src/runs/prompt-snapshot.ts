/**
 * Builds the prompt snapshot a "Run agent" click sends (docs/spec/agent-runtime.md §9
 * `startRunWithPromptSnapshot`; ADR 1500): one system message with the chat's system prompt and
 * character card, then the chat's messages as chat-completion messages `{role, content}` in order.
 * Tool messages are left out and assistant tool calls dropped (an Agent run refuses tool turns in
 * its input: `agent.external_tool_turns_unsupported`); empty texts are skipped.
 * `collectMessages` reads the chat newest-first in pages of 200 and stops once the kept texts reach
 * SNAPSHOT_CHAR_BUDGET characters (older messages are left out, so the request stays under the
 * server's 8 MiB start-body cap).
 */
import type { ChatsApi } from "../chats/chats-api";
import type { Chat, ChatMessage } from "../chats/types";
import type { SnapshotMessage } from "./types";

/** Most characters of message text put into one snapshot (UTF-8 ≤ 4 bytes each, JSON escaping aside). */
export const SNAPSHOT_CHAR_BUDGET = 1_500_000;
const PAGE = 200;

/** The system message text: system prompt, then the character card fields that are set. */
export function systemText(chat: Pick<Chat, "systemPrompt" | "character">): string {
  const parts: string[] = [];
  if (chat.systemPrompt?.trim()) parts.push(chat.systemPrompt.trim());
  const card = chat.character;
  if (card) {
    const lines = [`Character: ${card.name}`];
    if (card.description?.trim()) lines.push(`Description: ${card.description.trim()}`);
    if (card.personality?.trim()) lines.push(`Personality: ${card.personality.trim()}`);
    if (card.scenario?.trim()) lines.push(`Scenario: ${card.scenario.trim()}`);
    if (card.firstMessage?.trim()) lines.push(`First message: ${card.firstMessage.trim()}`);
    parts.push(lines.join("\n"));
  }
  return parts.join("\n\n");
}

/** The snapshot messages for a chat and its messages (in chat order). */
export function snapshotMessages(
  chat: Pick<Chat, "systemPrompt" | "character">,
  messages: readonly ChatMessage[],
): SnapshotMessage[] {
  const out: SnapshotMessage[] = [];
  const system = systemText(chat);
  if (system) out.push({ role: "system", content: system });
  for (const message of messages) {
    if (message.role === "tool" || message.text.trim() === "") continue;
    out.push({ role: message.role, content: message.text });
  }
  return out;
}

/** Reads the chat's messages (newest pages first) up to the character budget; returns them in chat order. */
export async function collectMessages(
  chats: ChatsApi,
  chatId: string,
  budget = SNAPSHOT_CHAR_BUDGET,
): Promise<ChatMessage[]> {
  let window = await chats.messages(chatId, { limit: PAGE, fromEnd: true });
  const pages: ChatMessage[][] = [];
  let chars = 0;
  for (;;) {
    const kept: ChatMessage[] = [];
    for (let i = window.messages.length - 1; i >= 0; i--) {
      const message = window.messages[i]!;
      if (chars + message.text.length > budget) {
        pages.unshift(kept);
        return pages.flat();
      }
      chars += message.text.length;
      kept.unshift(message);
    }
    pages.unshift(kept);
    const oldest = window.messages[0];
    if (!oldest || oldest.index === 0 || window.messages.length < PAGE) return pages.flat();
    window = await chats.messages(chatId, { limit: PAGE, beforeMessageId: oldest.messageId });
  }
}
