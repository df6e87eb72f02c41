/**
 * One chat in the list: title (opens it), character, message count, and Rename / Duplicate /
 * Export / Delete (delete asks for confirmation inline). Focus returns to the row's Rename button
 * when a form closes.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { Link } from "../shell/Link";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import { ChatRenameForm } from "./ChatRenameForm";
import { exportChatFile } from "./file-transfer";
import { formatWhen } from "../i18n/format";
import type { Chat } from "./types";
import { useChatsApi } from "./use-chats-api";
import { useReturnFocus } from "../components/use-return-focus";

export function ChatRow({
  chat,
  onChanged,
  onRemoved,
}: {
  chat: Chat;
  onChanged(chat: Chat): void;
  onRemoved(chatId: string): void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const chats = useChatsApi();
  const { show } = useToasts();
  const [mode, setMode] = useState<"view" | "rename" | "confirm-delete">("view");
  const renameButton = useReturnFocus(mode);
  const duplicate = useAction(async () => {
    const copy = await chats.duplicate(chat.id);
    onChanged(copy);
    show({ kind: "success", message: t("chats.row.duplicated", { title: copy.title }) });
  });
  const download = useAction(() => exportChatFile(services, chat));
  const remove = useAction(async () => {
    await chats.remove(chat.id);
    onRemoved(chat.id);
  });
  return (
    <li className="item-row chat-row" data-testid="chat-row" data-chat-id={chat.id}>
      <div className="item-row-main chat-row-main">
        <Link href={`/chats/${encodeURIComponent(chat.id)}`} className="item-title chat-title" data-testid="chat-title">
          {chat.title}
        </Link>
        <div className="item-meta chat-meta">
          {chat.character ? `${chat.character.name} · ` : ""}
          {t("chats.row.messages", { count: chat.messageCount })} ·{" "}
          {t("chats.row.created", { when: formatWhen(chat.createdAt) })}
        </div>
      </div>
      {mode === "view" && (
        <div className="item-actions chat-actions">
          <button
            ref={renameButton}
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setMode("rename")}
            aria-label={t("chats.row.renameLabel", { title: chat.title })}
          >
            {t("common.rename")}
          </button>
          <BusyButton
            className="btn-small"
            busy={duplicate.busy}
            onClick={() => void duplicate.run()}
            aria-label={t("chats.row.duplicateLabel", { title: chat.title })}
          >
            {t("chats.row.duplicate")}
          </BusyButton>
          <BusyButton
            className="btn-small"
            busy={download.busy}
            onClick={() => void download.run()}
            aria-label={t("chats.row.exportLabel", { title: chat.title })}
          >
            {t("chats.row.export")}
          </BusyButton>
          <button
            type="button"
            className="btn btn-danger-outline btn-small"
            onClick={() => setMode("confirm-delete")}
            aria-label={t("chats.row.deleteLabel", { title: chat.title })}
          >
            {t("common.delete")}
          </button>
        </div>
      )}
      {mode === "rename" && (
        <ChatRenameForm
          chat={chat}
          onDone={(updated) => {
            if (updated) onChanged(updated);
            setMode("view");
          }}
        />
      )}
      {mode === "confirm-delete" && (
        <div className="confirm" role="group" aria-label={t("chats.row.confirmLabel", { title: chat.title })}>
          <p>{t("chats.row.confirm", { title: chat.title, count: chat.messageCount })}</p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={remove.busy}
              busyLabel={t("common.deleting")}
              onClick={() => void remove.run()}
              autoFocus
            >
              {t("chats.row.deleteChat")}
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setMode("view")}>
              {t("common.cancel")}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
