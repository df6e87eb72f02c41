/**
 * `/chats/<chatId>`: the chat's title and card, "Run agent", the live message window ("Load
 * older" pages back) and the composer. A chat deleted elsewhere says so instead of vanishing.
 */
import { ErrorNote } from "../components/ErrorNote";
import { RunAgentPanel } from "../runs/RunAgentPanel";
import { Link } from "../shell/Link";
import { ChatDetails } from "./ChatDetails";
import { Composer } from "./Composer";
import { MessageItem } from "./MessageItem";
import { useChat } from "./use-chat";

export function ChatPage({ chatId }: { chatId: string }) {
  const view = useChat(chatId);
  const { chat } = view;
  return (
    <section className="screen chat-page" aria-labelledby="screen-title">
      <Link href="/chats" className="back-link">
        ← All chats
      </Link>
      <h1 id="screen-title" data-testid="chat-heading">
        {chat ? chat.title : view.error ? "Chat" : "Loading chat…"}
      </h1>
      <ErrorNote error={view.error} />
      {view.removed && (
        <p className="notice" role="alert">
          This chat was deleted on another device. <Link href="/chats">Back to your chats</Link>.
        </p>
      )}
      {chat && !view.removed && (
        <>
          <ChatDetails chat={chat} />
          <RunAgentPanel chatId={chat.id} />
          <section className="card" aria-labelledby="messages-title">
            <div className="card-head">
              <h2 id="messages-title">Messages ({view.total})</h2>
              <Link href={`/runs?chat=${encodeURIComponent(chat.id)}`}>Runs of this chat</Link>
            </div>
            {view.hasOlder && (
              <button
                type="button"
                className="btn btn-secondary load-older"
                onClick={view.loadOlder}
                disabled={view.loadingOlder}
                aria-busy={view.loadingOlder}
              >
                {view.loadingOlder && <span className="spinner" aria-hidden="true" />} Load older messages
              </button>
            )}
            {view.messages.length === 0 && <p className="muted">No messages yet. Write the first one below.</p>}
            <ol className="messages" aria-label="Messages" aria-live="polite" aria-relevant="additions">
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
