/**
 * One chat message (docs/spec/web-chat.md §2): speaker, role, time, its text rendered as Markdown
 * (MessageBody; Edit shows the raw text), a link to the Agent run that committed it, "Stopped" on
 * a partial reply, the "may have executed" banner, the saved reasoning folded (SillyTavern's
 * `extra.reasoning`), and Edit / Delete. The last reply gets swipe
 * arrows and the touch swipe gesture; while a swipe or continue streams, its live text shows here.
 * Tool rows render as a collapsed ToolRow.
 */
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../shell/Link";
import { formatWhen } from "../i18n/format";
import { MessageBody } from "./MessageBody";
import { MessageDelete } from "./MessageDelete";
import { MessageEditor } from "./MessageEditor";
import { isPartial, savedReasoning } from "./message-meta";
import { OutcomeBanner } from "./OutcomeBanner";
import { SwipeControls } from "./SwipeControls";
import { ToolRow } from "./ToolRow";
import { agentMetadata, type ChatMessage } from "./types";
import { useReturnFocus } from "../components/use-return-focus";
import { useSwipeGesture } from "./use-swipe-gesture";

export interface MessageItemProps {
  chatId: string;
  message: ChatMessage;
  onChanged(message: ChatMessage): void;
  onRemoved(messageId: string): void;
  /** Arguments of this tool row's call (tool rows only). */
  toolArgs?: string | undefined;
  /** Set on the last reply: swipe arrows and gesture. */
  onSwipe?: ((direction: "previous" | "next") => void) | undefined;
  /** A generation is running (swipes and edits wait). */
  generating?: boolean;
  /** Text and reasoning streaming into this message (a swipe replaces the shown text, a continue appends). */
  live?: { text: string; reasoning?: string; mode: "swipe" | "continue" } | null;
}

export const MessageItem = memo(function MessageItem({
  chatId,
  message,
  onChanged,
  onRemoved,
  toolArgs,
  onSwipe,
  generating = false,
  live = null,
}: MessageItemProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"view" | "edit" | "delete">("view");
  const editButton = useReturnFocus(mode);
  const gesture = useSwipeGesture(
    onSwipe && !generating && mode === "view" ? (d) => onSwipe(d === "left" ? "next" : "previous") : null,
  );
  if (message.role === "tool") return <ToolRow message={message} args={toolArgs} />;
  const agent = agentMetadata(message);
  const role = t(`chats.roles.${message.role}`, { defaultValue: message.role });
  const speaker = message.name || role;
  const shown = live ? (live.mode === "swipe" ? live.text : message.text + live.text) : message.text;
  // Reasoning arriving now shows unfolded, as in a new reply; the saved one is folded, and only on the
  // alternative it belongs to (savedReasoning).
  const liveReasoning = live?.reasoning || null;
  const reasoning = liveReasoning || live?.mode === "swipe" ? null : savedReasoning(message);
  return (
    <article
      className={`message message-${message.role}${onSwipe ? " message-last-reply" : ""}`}
      data-testid="message"
      data-message-id={message.messageId}
      {...gesture}
    >
      <div className="message-head">
        <span className="message-speaker" data-user-text="">
          {speaker}
        </span>
        <span className="badge badge-muted">{role}</span>
        {agent && <span className="badge badge-agent">{t("chats.message.agent")}</span>}
        {isPartial(message) && !live && (
          <span className="badge badge-warn" data-testid="partial-badge">
            {t("conversation.partial")}
          </span>
        )}
        <span className="message-meta">
          #{message.index + 1} · {formatWhen(message.sendDate)}
        </span>
        {agent?.runId && (
          <Link href={`/runs/${encodeURIComponent(agent.runId)}`} className="message-run">
            {t("chats.message.viewRun")}
          </Link>
        )}
      </div>
      <OutcomeBanner chatId={chatId} message={message} onChanged={onChanged} />
      {liveReasoning && <p className="message-reasoning">{liveReasoning}</p>}
      {reasoning && mode !== "edit" && (
        <details className="message-thoughts" data-testid="message-reasoning">
          <summary>{t("chats.message.reasoning")}</summary>
          <p className="message-reasoning">{reasoning}</p>
        </details>
      )}
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
        shown !== "" && <MessageBody text={shown} streaming={live !== null} />
      )}
      {!onSwipe && message.swipes && message.swipes.length > 1 && (
        <p className="message-meta">
          {t("chats.message.alternative", { n: (message.swipeId ?? 0) + 1, total: message.swipes.length })}
        </p>
      )}
      {mode === "view" && (
        <div className="message-actions">
          {onSwipe && <SwipeControls message={message} disabled={generating} onSwipe={onSwipe} />}
          <button
            ref={editButton}
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setMode("edit")}
            disabled={live !== null}
            aria-label={t("chats.message.editLabel", { n: message.index + 1 })}
          >
            {t("common.edit")}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setMode("delete")}
            disabled={live !== null}
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
    </article>
  );
});
