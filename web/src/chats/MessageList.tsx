/**
 * The chat's messages as a windowed list (react-virtuoso; ADR 2100): only the rows on screen are
 * in the DOM, the view starts at the newest message and follows new ones while at the bottom, and
 * scrolling to the top loads the previous page (`onLoadOlder`). A normal or regenerate generation
 * streams as a reply bubble after the last message; a swipe or continue streams into the last reply
 * (which hides while a regenerate replaces it). An assistant message that only called tools gets
 * no bubble of its own: its tool rows stand under the reply before it.
 */
import { forwardRef, useCallback, useMemo, useRef, type HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { liveText, livePlacement, type LiveGeneration, type ReplyMark } from "./live-generation";
import { MessageBody } from "./MessageBody";
import { MessageItem } from "./MessageItem";
import { isEmptyAfterTools, isToolOnly, toolArguments } from "./message-meta";
import type { ChatMessage } from "./types";

export interface MessageListProps {
  chatId: string;
  messages: ChatMessage[];
  total: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onChanged(message: ChatMessage): void;
  onRemoved(messageId: string): void;
  live: LiveGeneration | null;
  speaker: string;
  onSwipe(message: ChatMessage, direction: "previous" | "next"): void;
}

interface ListContext {
  loadingOlder: boolean;
  hasOlder: boolean;
  /** The list's accessible name. */
  label: string;
}

/** The list's top edge: a spinner while older messages load, "Start of the chat" at the first one. */
function ListHeader({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  if (context?.loadingOlder)
    return (
      <p className="muted list-edge">
        <span className="spinner" aria-hidden="true" /> {t("conversation.loadingOlder")}
      </p>
    );
  return context?.hasOlder ? null : <p className="muted list-edge">{t("conversation.start")}</p>;
}

/** The rows keep list semantics ("Messages", one listitem per row) for screen readers. */
const MessageRows = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { context?: ListContext }>(
  function MessageRows({ context, ...props }, ref) {
    return <div {...props} ref={ref} role="list" aria-label={context?.label} />;
  },
);
function MessageRow({ context: _context, ...props }: HTMLAttributes<HTMLDivElement> & { context?: ListContext }) {
  return <div {...props} role="listitem" />;
}

const LIST_COMPONENTS = { Header: ListHeader, List: MessageRows, Item: MessageRow };

type Row = { kind: "message"; message: ChatMessage } | { kind: "live"; text: string; reasoning: string };

export function MessageList(props: MessageListProps) {
  const { t } = useTranslation();
  const { messages, live } = props;
  const args = useMemo(() => toolArguments(messages), [messages]);
  const last = messages.at(-1);
  const lastReply = last && last.role === "assistant" ? last : null;
  const shown = live ? liveText(live) : null;
  // The last reply as it was when this generation was first shown (per generation id).
  const startedOn = useRef<{ generationId: string; mark: ReplyMark | null } | null>(null);
  if (live && startedOn.current?.generationId !== live.generationId)
    startedOn.current = {
      generationId: live.generationId,
      mark: lastReply ? { messageId: lastReply.messageId, revision: lastReply.revision } : null,
    };
  const placement =
    live && shown ? livePlacement(live.generationType, shown.round, lastReply, startedOn.current?.mark ?? null) : null;
  const intoLast = placement === "into";
  const hideLast = live && lastReply && live.generationType === "regenerate";
  const rows: Row[] = useMemo(() => {
    const list: Row[] = messages
      .filter(
        (m, i) =>
          !(hideLast && m === lastReply) &&
          (m === lastReply || !isToolOnly(m)) &&
          !isEmptyAfterTools(m, messages[i - 1]),
      )
      .map((message) => ({ kind: "message", message }));
    if (shown && placement === "row") list.push({ kind: "live", text: shown.text, reasoning: shown.reasoning });
    return list;
  }, [messages, hideLast, lastReply, shown, placement]);
  const firstItemIndex = Math.max(0, props.total - messages.length);
  const virtuoso = useRef<VirtuosoHandle>(null);
  // Stuck to the bottom until the user scrolls up: a row that grows (a streaming reply, a late
  // measurement) keeps the newest message in view. Growth fires no scroll event, so the last
  // scroll position decides (prepending older rows keeps the position, which is then not the bottom).
  const stick = useRef(true);
  const detach = useRef<(() => void) | null>(null);
  const scrollerRef = useCallback((element: HTMLElement | Window | null) => {
    detach.current?.();
    detach.current = null;
    if (!(element instanceof HTMLElement)) return;
    const onScroll = () => {
      stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    detach.current = () => element.removeEventListener("scroll", onScroll);
  }, []);
  const loadOlder = () => {
    if (props.hasOlder && !props.loadingOlder) props.onLoadOlder();
  };
  return (
    <div className="message-scroller" data-testid="message-list">
      <Virtuoso<Row, ListContext>
        style={{ height: "100%" }}
        data={rows}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: "LAST", align: "end" }}
        alignToBottom
        ref={virtuoso}
        scrollerRef={scrollerRef}
        followOutput={(atBottom) => (atBottom || stick.current ? "auto" : false)}
        totalListHeightChanged={() => {
          if (stick.current) virtuoso.current?.scrollToIndex({ index: "LAST", align: "end" });
        }}
        startReached={loadOlder}
        rangeChanged={(range) => {
          if (range.startIndex <= firstItemIndex + 1) loadOlder();
        }}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        computeItemKey={(_, row) => (row.kind === "live" ? "live-reply" : row.message.messageId)}
        context={{ loadingOlder: props.loadingOlder, hasOlder: props.hasOlder, label: t("chats.page.messagesLabel") }}
        components={LIST_COMPONENTS}
        itemContent={(_, row) =>
          row.kind === "live" ? (
            <div className="message-row">
              <article className="message message-assistant message-live" data-testid="live-reply" aria-busy="true">
                <div className="message-head">
                  <span className="message-speaker">{props.speaker}</span>
                  <span className="typing" aria-label={t("conversation.writing")}>
                    <span />
                    <span />
                    <span />
                  </span>
                </div>
                {row.reasoning && <p className="message-reasoning">{row.reasoning}</p>}
                {row.text && <MessageBody text={row.text} streaming />}
              </article>
            </div>
          ) : (
            <div className="message-row">
              <MessageItem
                chatId={props.chatId}
                message={row.message}
                onChanged={props.onChanged}
                onRemoved={props.onRemoved}
                toolArgs={row.message.toolCallId ? args.get(row.message.toolCallId) : undefined}
                generating={live !== null}
                onSwipe={
                  row.message === lastReply && !live ? (direction) => props.onSwipe(row.message, direction) : undefined
                }
                live={
                  row.message === lastReply && intoLast && shown
                    ? {
                        text: shown.text,
                        reasoning: shown.reasoning,
                        mode: live!.generationType === "swipe" ? "swipe" : "continue",
                      }
                    : null
                }
              />
            </div>
          )
        }
      />
    </div>
  );
}
