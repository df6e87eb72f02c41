/**
 * A message write refused with `chat.revision_conflict`: shows the newer text (as text) and offers
 * to re-apply this device's change on top of it, or to keep the newer version.
 */
import { Trans, useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import type { ChatMessage } from "./types";

export interface MessageConflictProps {
  current: ChatMessage;
  /** "edit" → re-apply the edited text; "delete" → delete the newer version anyway. */
  action: "edit" | "delete";
  busy: boolean;
  onReapply(): void;
  onKeepNewer(): void;
}

export function MessageConflict({ current, action, busy, onReapply, onKeepNewer }: MessageConflictProps) {
  const { t } = useTranslation();
  return (
    <div className="notice message-conflict" role="alert" data-testid="message-conflict">
      <p>
        <Trans
          i18nKey={action === "edit" ? "chats.message.changedWhileEditing" : "chats.message.changedWhileDeleting"}
          components={{ strong: <strong /> }}
        />
      </p>
      <blockquote className="message-text" data-testid="conflict-newer-text">
        {current.text}
      </blockquote>
      <div className="row">
        <BusyButton variant="primary" busy={busy} onClick={onReapply}>
          {action === "edit" ? t("chats.message.reapplyEdit") : t("chats.message.deleteAnyway")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onKeepNewer}>
          {t("chats.message.keepNewer")}
        </button>
      </div>
    </div>
  );
}
