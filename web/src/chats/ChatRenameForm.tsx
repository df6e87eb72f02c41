/** Inline rename of a chat (PATCH /api/v1/chats/:id {title}); Escape cancels. Titles are 1–200 characters. */
import { InlineRenameForm } from "../components/InlineRenameForm";
import type { Chat } from "./types";
import { useChatsApi } from "./use-chats-api";

export function ChatRenameForm({ chat, onDone }: { chat: Chat; onDone(updated?: Chat): void }) {
  const chats = useChatsApi();
  return (
    <InlineRenameForm
      current={chat.title}
      label={`New title for “${chat.title}”`}
      maxLength={200}
      save={(next) => chats.rename(chat.id, next)}
      onDone={onDone}
    />
  );
}
