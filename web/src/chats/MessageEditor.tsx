/**
 * Inline edit of one message's text with its `ifRevision`. A `409 chat.revision_conflict` shows
 * the newer text and offers to re-apply the edit on top of the newer revision. Escape cancels.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { conflictCurrent } from "./conflict";
import { MessageConflict } from "./MessageConflict";
import type { ChatMessage } from "./types";
import { useChatsApi } from "./use-chats-api";

export function MessageEditor({
  chatId,
  message,
  onDone,
}: {
  chatId: string;
  message: ChatMessage;
  onDone(updated?: ChatMessage): void;
}) {
  const { t } = useTranslation();
  const chats = useChatsApi();
  const [text, setText] = useState(message.text);
  // The revision the user started editing from: a live update meanwhile must surface as a conflict, not be overwritten.
  const [baseRevision] = useState(message.revision);
  const [baseText] = useState(message.text);
  const [newer, setNewer] = useState<ChatMessage | null>(null);
  const save = useAction(async (revision: number) => {
    try {
      onDone(await chats.edit(chatId, message.messageId, text, revision));
    } catch (error) {
      const current = conflictCurrent(error);
      if (!current) throw error;
      setNewer(current);
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text === baseText && !newer) return onDone();
    void save.run(newer?.revision ?? baseRevision);
  };
  return (
    <form
      className="stack message-editor"
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Escape") onDone();
      }}
    >
      <label className="field">
        <span>{t("chats.message.editLabel", { n: message.index + 1 })}</span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={Math.min(12, Math.max(3, text.split("\n").length + 1))}
          autoFocus
        />
      </label>
      {newer ? (
        <MessageConflict
          current={newer}
          action="edit"
          busy={save.busy}
          onReapply={() => void save.run(newer.revision)}
          onKeepNewer={() => onDone(newer)}
        />
      ) : (
        <div className="row">
          <BusyButton type="submit" variant="primary" busy={save.busy} busyLabel={t("common.saving")}>
            {t("common.save")}
          </BusyButton>
          <button type="button" className="btn btn-secondary" onClick={() => onDone()}>
            {t("common.cancel")}
          </button>
        </div>
      )}
    </form>
  );
}
