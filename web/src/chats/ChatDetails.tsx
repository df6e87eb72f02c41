/** The chat's character card and system prompt, folded by default (all shown as plain text). */
import type { Chat } from "./types";

const CARD_LABELS = [
  ["description", "Description"],
  ["personality", "Personality"],
  ["scenario", "Scenario"],
  ["firstMessage", "First message"],
] as const;

export function ChatDetails({ chat }: { chat: Chat }) {
  const card = chat.character;
  if (!card && !chat.systemPrompt) return <p className="muted">No character card or system prompt.</p>;
  return (
    <details className="chat-details">
      <summary>
        {card ? `Character: ${card.name}` : "System prompt"}
        {card && chat.systemPrompt ? " · system prompt" : ""}
      </summary>
      <dl>
        {chat.systemPrompt && (
          <div>
            <dt>System prompt</dt>
            <dd className="message-text">{chat.systemPrompt}</dd>
          </div>
        )}
        {card &&
          CARD_LABELS.map(([key, label]) =>
            card[key] ? (
              <div key={key}>
                <dt>{label}</dt>
                <dd className="message-text">{card[key]}</dd>
              </div>
            ) : null,
          )}
      </dl>
    </details>
  );
}
