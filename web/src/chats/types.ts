/**
 * Chat shapes as the /api/v1/chats routes answer them (docs/api.md "Chats"; docs/api.md
 * → Chats). Times are ISO 8601 UTC strings. Everything here is shown as text, never as HTML.
 */

/** Optional character card of a chat. */
export interface CharacterCard {
  name: string;
  description?: string;
  personality?: string;
  scenario?: string;
  firstMessage?: string;
}

/** A chat; `id` is its stableChatId. `revision` grows on rename/metadata edits and message deletes. */
export interface Chat {
  id: string;
  title: string;
  revision: number;
  messageCount: number;
  character?: CharacterCard;
  systemPrompt?: string;
  createdAt: string;
  updatedAt: string;
}

export type ChatRole = "user" | "assistant" | "system" | "tool";

/** A message; `revision` grows on every edit, swipe change or agent commit; `index` is 0-based at read time. */
export interface ChatMessage {
  messageId: string;
  index: number;
  revision: number;
  role: ChatRole;
  name: string;
  text: string;
  sendDate: string;
  swipes?: string[];
  swipeId?: number;
  toolCalls?: Array<Record<string, unknown>>;
  toolCallId?: string;
  extra: Record<string, unknown>;
}

/** GET /chats → newest first; `nextCursor` when more chats exist. */
export interface ChatPage {
  chats: Chat[];
  nextCursor?: string;
}

/** GET /chats/:id/messages → a window in chat order plus the chat's message count. */
export interface MessageWindow {
  messages: ChatMessage[];
  total: number;
}

/** POST /chats body. */
export interface NewChat {
  title: string;
  character?: CharacterCard;
  systemPrompt?: string;
}

/** `extra.tauritavern.agent` of a message an Agent run committed, or null. */
export function agentMetadata(message: ChatMessage): { runId?: string; profileId?: string } | null {
  const tauritavern = message.extra?.tauritavern;
  if (!tauritavern || typeof tauritavern !== "object") return null;
  const agent = (tauritavern as { agent?: unknown }).agent;
  if (!agent || typeof agent !== "object") return null;
  const { runId, profileId } = agent as { runId?: unknown; profileId?: unknown };
  return { ...(typeof runId === "string" ? { runId } : {}), ...(typeof profileId === "string" ? { profileId } : {}) };
}
