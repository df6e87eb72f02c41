/**
 * `/chats/<chatId>`: the chat's title and card, "Run agent", the live message window ("Load
 * older" pages back) and the composer. A chat deleted elsewhere says so instead of vanishing.
 */
import { Trans, useTranslation } from "react-i18next";
import { ChatLorePickers } from "../characters/ChatLorePickers";
import { ErrorNote } from "../components/ErrorNote";
import { RunAgentPanel } from "../runs/RunAgentPanel";
import { Link } from "../shell/Link";
import { ChatDetails } from "./ChatDetails";
import { Composer } from "./Composer";
import { MessageItem } from "./MessageItem";
import { useChat } from "./use-chat";

export function ChatPage({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const view = useChat(chatId);
  const { chat } = view;
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
          <ChatDetails chat={chat} />
          <ChatLorePickers chat={chat} />
          <RunAgentPanel chatId={chat.id} />
          <section className="card" aria-labelledby="messages-title">
            <div className="card-head">
              <h2 id="messages-title">{t("chats.page.messages", { count: view.total })}</h2>
              <Link href={`/runs?chat=${encodeURIComponent(chat.id)}`}>{t("chats.page.runsOfChat")}</Link>
            </div>
            {view.hasOlder && (
              <button
                type="button"
                className="btn btn-secondary load-older"
                onClick={view.loadOlder}
                disabled={view.loadingOlder}
                aria-busy={view.loadingOlder}
              >
                {view.loadingOlder && <span className="spinner" aria-hidden="true" />} {t("chats.page.loadOlder")}
              </button>
            )}
            {view.messages.length === 0 && <p className="muted">{t("chats.page.noMessages")}</p>}
            <ol
              className="messages"
              aria-label={t("chats.page.messagesLabel")}
              aria-live="polite"
              aria-relevant="additions"
            >
              {view.messages.map((message) => (
                <MessageItem
                  key={message.messageId}
                  chatId={chat.id}
                  message={message}
                  onChanged={view.applyMessage}
                  onRemoved={view.forgetMessage}
                />
              ))}
            </ol>
            <Composer chatId={chat.id} onSent={view.applyMessage} />
          </section>
        </>
      )}
    </section>
  );
}
