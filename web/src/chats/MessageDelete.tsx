/**
 * Confirmation for deleting one message with its `ifRevision`; on a revision conflict it shows the
 * newer text and asks again ("Delete it anyway" uses the newer revision).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { conflictCurrent } from "./conflict";
import { MessageConflict } from "./MessageConflict";
import type { ChatMessage } from "./types";
import { useChatsApi } from "./use-chats-api";

export interface MessageDeleteProps {
  chatId: string;
  message: ChatMessage;
  onDeleted(): void;
  onCancel(newer?: ChatMessage): void;
}

export function MessageDelete({ chatId, message, onDeleted, onCancel }: MessageDeleteProps) {
  const { t } = useTranslation();
  const chats = useChatsApi();
  const [newer, setNewer] = useState<ChatMessage | null>(null);
  // The revision the user saw when asking to delete: a change meanwhile surfaces as a conflict.
  const [baseRevision] = useState(message.revision);
  const remove = useAction(async (revision: number) => {
    try {
      await chats.removeMessage(chatId, message.messageId, revision);
      onDeleted();
    } catch (error) {
      const current = conflictCurrent(error);
      if (!current) throw error;
      setNewer(current);
    }
  });
  if (newer) {
    return (
      <MessageConflict
        current={newer}
        action="delete"
        busy={remove.busy}
        onReapply={() => void remove.run(newer.revision)}
        onKeepNewer={() => onCancel(newer)}
      />
    );
  }
  return (
    <div className="confirm" role="group" aria-label={t("chats.message.confirmDeleteLabel", { n: message.index + 1 })}>
      <p>{t("chats.message.confirmDelete")}</p>
      <div className="row">
        <BusyButton
          variant="danger"
          busy={remove.busy}
          busyLabel={t("common.deleting")}
          onClick={() => void remove.run(baseRevision)}
          autoFocus
        >
          {t("chats.message.deleteMessage")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={() => onCancel()}>
          {t("common.cancel")}
        </button>
      </div>
    </div>
  );
}
