/**
 * One chat message: speaker, role, time, its text (plain text, line breaks kept), a link to the
 * Agent run that committed it, the swipe position when it has alternatives, and Edit / Delete.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../shell/Link";
import { formatWhen } from "../i18n/format";
import { MessageDelete } from "./MessageDelete";
import { MessageEditor } from "./MessageEditor";
import { agentMetadata, type ChatMessage } from "./types";
import { useReturnFocus } from "../components/use-return-focus";

export interface MessageItemProps {
  chatId: string;
  message: ChatMessage;
  onChanged(message: ChatMessage): void;
  onRemoved(messageId: string): void;
}

export function MessageItem({ chatId, message, onChanged, onRemoved }: MessageItemProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"view" | "edit" | "delete">("view");
  const editButton = useReturnFocus(mode);
  const agent = agentMetadata(message);
  const role = t(`chats.roles.${message.role}`, { defaultValue: message.role });
  const speaker = message.name || role;
  return (
    <li className={`message message-${message.role}`} data-testid="message" data-message-id={message.messageId}>
      <div className="message-head">
        <span className="message-speaker">{speaker}</span>
        <span className="badge badge-muted">{role}</span>
        {agent && <span className="badge badge-agent">{t("chats.message.agent")}</span>}
        <span className="message-meta">
          #{message.index + 1} · {formatWhen(message.sendDate)}
        </span>
        {agent?.runId && (
          <Link href={`/runs/${encodeURIComponent(agent.runId)}`} className="message-run">
            {t("chats.message.viewRun")}
          </Link>
        )}
      </div>
      {mode === "edit" ? (
        <MessageEditor
          chatId={chatId}
          message={message}
          onDone={(updated) => {
            if (updated) onChanged(updated);
            setMode("view");
          }}
        />
      ) : (
        <p className="message-text" data-testid="message-text">
          {message.text}
        </p>
      )}
      {message.swipes && message.swipes.length > 1 && (
        <p className="message-meta">
          {t("chats.message.alternative", { n: (message.swipeId ?? 0) + 1, total: message.swipes.length })}
        </p>
      )}
      {mode === "view" && (
        <div className="message-actions">
          <button
            ref={editButton}
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setMode("edit")}
            aria-label={t("chats.message.editLabel", { n: message.index + 1 })}
          >
            {t("common.edit")}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setMode("delete")}
            aria-label={t("chats.message.deleteLabel", { n: message.index + 1 })}
          >
            {t("common.delete")}
          </button>
        </div>
      )}
      {mode === "delete" && (
        <MessageDelete
          chatId={chatId}
          message={message}
          onDeleted={() => onRemoved(message.messageId)}
          onCancel={(newer) => {
            if (newer) onChanged(newer);
            setMode("view");
          }}
        />
      )}
    </li>
  );
}
