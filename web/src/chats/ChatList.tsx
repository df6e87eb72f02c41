/** `/chats`: new chat, import, and the live list of chats (newest first, paged). */
import { useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import { ChatRow } from "./ChatRow";
import { ImportChat } from "./ImportChat";
import { NewChatForm } from "./NewChatForm";
import { useChatList } from "./use-chat-list";

export function ChatList() {
  const { t } = useTranslation();
  const list = useChatList();
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t("chats.title")}</h1>
      <p className="muted">{t("chats.intro")}</p>
      <div className="chat-tools">
        <NewChatForm onCreated={list.upsert} />
        <ImportChat onImported={list.upsert} />
      </div>
      <section className="card" aria-labelledby="chats-title" aria-busy={list.loading}>
        <div className="card-head">
          <h2 id="chats-title">{t("chats.yourChats")}</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void list.reload()} disabled={list.loading}>
            {t("chats.refresh")}
          </button>
        </div>
        {list.loading && !list.chats && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t("chats.loading")}
          </p>
        )}
        <ErrorNote error={list.error} />
        {list.chats && list.chats.length === 0 && <p className="muted">{t("chats.empty")}</p>}
        {list.chats && list.chats.length > 0 && (
          <ul className="item-list chat-list" aria-label={t("chats.listLabel")}>
            {list.chats.map((chat) => (
              <ChatRow key={chat.id} chat={chat} onChanged={list.upsert} onRemoved={list.drop} />
            ))}
          </ul>
        )}
        {list.hasMore && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={list.loadMore}
            disabled={list.loadingMore}
            aria-busy={list.loadingMore}
          >
            {list.loadingMore && <span className="spinner" aria-hidden="true" />} {t("chats.loadMore")}
          </button>
        )}
      </section>
    </section>
  );
}
