/**
 * `/chats/<chatId>` (docs/spec/web-chat.md): the title, card, persona and "Run agent" on top; the
 * windowed message list (older pages load on scroll) with the reply streaming in place on every
 * device; swipe arrows and gestures on the last reply; the composer with Send / Stop, Regenerate,
 * Continue. A chat deleted elsewhere says so instead of vanishing.
 */
import { useCallback, useEffect, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ChatLorePickers } from "../characters/ChatLorePickers";
import { ErrorNote } from "../components/ErrorNote";
import { RunAgentPanel } from "../runs/RunAgentPanel";
import { Link } from "../shell/Link";
import { useAction } from "../state/use-action";
import { ChatDetails } from "./ChatDetails";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { PersonaPanel } from "./PersonaPanel";
import type { ChatMessage } from "./types";
import { useChat } from "./use-chat";
import { useChatsApi } from "./use-chats-api";
import { useGeneration } from "./use-generation";
import { useUserPersona } from "./use-user-persona";

export function ChatPage({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const view = useChat(chatId);
  const chats = useChatsApi();
  const generation = useGeneration(chatId, view.activeGeneration);
  const user = useUserPersona();
  const { chat, applyMessage } = view;
  const swipe = useAction(async (message: ChatMessage, direction: "previous" | "next") => {
    const at = message.swipeId ?? 0;
    const total = message.swipes?.length ?? 1;
    if (direction === "previous") {
      if (at > 0) applyMessage(await chats.selectSwipe(chatId, message.messageId, at - 1, message.revision));
    } else if (at < total - 1)
      applyMessage(await chats.selectSwipe(chatId, message.messageId, at + 1, message.revision));
    else await generation.start("swipe");
  });
  const onSwipe = useCallback(
    (message: ChatMessage, direction: "previous" | "next") => void swipe.run(message, direction),
    [swipe.run],
  );
  const last = view.messages.at(-1);
  const persona = chat?.persona ?? user.persona;
  const live = generation.live;
  // Open at the latest message on every width: once the first window of messages is in, the page
  // scrolls so the message log (its last message and the composer) fills the bottom of the screen;
  // the title, card and persona stay one scroll up. Only on opening, never on later reloads.
  const log = useRef<HTMLElement>(null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!view.loaded || opened.current === chatId || !log.current) return;
    opened.current = chatId;
    log.current.scrollIntoView({ block: "end" });
  }, [view.loaded, chatId]);
  return (
    <section className="screen chat-page" aria-labelledby="screen-title">
      <Link href="/chats" className="back-link">
        {t("chats.page.back")}
      </Link>
      <h1 id="screen-title" data-testid="chat-heading">
        {chat ? chat.title : view.error ? t("chats.page.fallbackTitle") : t("chats.page.loading")}
      </h1>
      <ErrorNote error={view.error} />
      {view.removed && (
        <p className="notice" role="alert">
          <Trans i18nKey="chats.page.removed" components={{ a: <Link href="/chats" /> }} />
        </p>
      )}
      {chat && !view.removed && (
        <>
          <div className="chat-top">
            <ChatDetails chat={chat} />
            <ChatLorePickers chat={chat} />
            <PersonaPanel
              chat={chat}
              userPersona={user.persona}
              onChatChanged={view.applyChat}
              onUserPersona={user.set}
            />
            <details className="run-agent-details">
              <summary data-testid="run-agent-toggle">{t("conversation.runAgent")}</summary>
              <RunAgentPanel chatId={chat.id} />
            </details>
          </div>
          <section className="chat-log" aria-labelledby="messages-title" ref={log}>
            <div className="card-head chat-log-head">
              <h2 id="messages-title">{t("chats.page.messages", { count: view.total })}</h2>
              <Link href={`/runs?chat=${encodeURIComponent(chat.id)}`}>{t("chats.page.runsOfChat")}</Link>
            </div>
            {view.loaded && view.messages.length === 0 && !live && (
              <p className="muted">{t("chats.page.noMessages")}</p>
            )}
            {view.loaded && (view.messages.length > 0 || live) && (
              <MessageList
                chatId={chat.id}
                messages={view.messages}
                total={view.total}
                hasOlder={view.hasOlder}
                loadingOlder={view.loadingOlder}
                onLoadOlder={view.loadOlder}
                onChanged={applyMessage}
                onRemoved={view.forgetMessage}
                live={live}
                speaker={chat.character?.name ?? t("conversation.assistant")}
                onSwipe={onSwipe}
              />
            )}
            <Composer
              chatId={chat.id}
              personaName={persona?.name ?? null}
              generating={live !== null}
              stopping={live?.stopping ?? false}
              starting={generation.starting}
              hasReply={last?.role === "assistant"}
              error={generation.error}
              onGenerate={generation.start}
              onStop={generation.stop}
              onAppended={applyMessage}
            />
          </section>
        </>
      )}
    </section>
  );
}
