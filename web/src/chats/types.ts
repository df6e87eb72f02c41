/**
 * Chat shapes as the /api/v1/chats routes answer them (docs/api.md "Chats"), from src/contracts
 * (type-only). Times are ISO 8601 UTC strings. Everything here is shown as text, never as HTML.
 */
import type { MessageView } from "../../../src/contracts/chat-views";

export type {
  CharacterCard,
  ChatPage,
  ChatRole,
  ChatView as Chat,
  ImportedChatView as ImportedChat,
  MessageView as ChatMessage,
  MessageWindow,
} from "../../../src/contracts/chat-views";
export type { CreateChatBody as NewChat } from "../../../src/contracts/chats";

/** `extra.tauritavern.agent` of a message an Agent run committed, or null. */
export function agentMetadata(message: MessageView): { runId?: string; profileId?: string } | null {
  const tauritavern = message.extra?.tauritavern;
  if (!tauritavern || typeof tauritavern !== "object") return null;
  const agent = (tauritavern as { agent?: unknown }).agent;
  if (!agent || typeof agent !== "object") return null;
  const { runId, profileId } = agent as { runId?: unknown; profileId?: unknown };
  return { ...(typeof runId === "string" ? { runId } : {}), ...(typeof profileId === "string" ? { profileId } : {}) };
}

export type { ChatDetail, GenerationError, GenerationView } from "../../../src/contracts/generation-views";
export type { SettingsView } from "../../../src/contracts/settings";
export type { Persona } from "../../../src/contracts/chat-views";
/** `POST /chats/:id/generate` `generationType`. */
export type GenerationType = "normal" | "regenerate" | "swipe" | "continue";
