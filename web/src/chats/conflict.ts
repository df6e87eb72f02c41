/**
 * Reads a `409 chat.revision_conflict` on a message write (docs/api.md "Chats" → Concurrency):
 * `details.current` is the message as it is now, so the page can show the newer text and offer to
 * re-apply the user's change on top of its revision.
 */
import { ApiError } from "../api/client";
import type { ChatMessage } from "./types";

/** The newer message of a revision conflict, or null for any other error. */
export function conflictCurrent(error: unknown): ChatMessage | null {
  if (!(error instanceof ApiError) || error.code !== "chat.revision_conflict") return null;
  const current = (error.details as { current?: unknown } | undefined)?.current;
  if (!current || typeof current !== "object") return null;
  const message = current as Partial<ChatMessage>;
  return typeof message.messageId === "string" &&
    typeof message.revision === "number" &&
    typeof message.text === "string"
    ? (message as ChatMessage)
    : null;
}
