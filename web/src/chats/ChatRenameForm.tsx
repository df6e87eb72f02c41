/** Inline rename of a chat (PATCH /api/v1/chats/:id {title}); Escape cancels. Titles are 1–200 characters. */
import { useTranslation } from "react-i18next";
import { InlineRenameForm } from "../components/InlineRenameForm";
import type { Chat } from "./types";
import { useChatsApi } from "./use-chats-api";

export function ChatRenameForm({ chat, onDone }: { chat: Chat; onDone(updated?: Chat): void }) {
  const { t } = useTranslation();
  const chats = useChatsApi();
  return (
    <InlineRenameForm
      current={chat.title}
      label={t("chats.row.renameField", { title: chat.title })}
      maxLength={200}
      save={(next) => chats.rename(chat.id, next)}
      onDone={onDone}
    />
  );
}
