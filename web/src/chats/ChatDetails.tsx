/** The chat's character card and system prompt, folded by default (all shown as plain text). */
import { useTranslation } from "react-i18next";
import type { Chat } from "./types";

const CARD_KEYS = ["description", "personality", "scenario", "firstMessage"] as const;

export function ChatDetails({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const card = chat.character;
  if (!card && !chat.systemPrompt) return <p className="muted">{t("chats.details.none")}</p>;
  return (
    <details className="chat-details">
      <summary>
        {card ? t("chats.details.character", { name: card.name }) : t("chats.details.systemPrompt")}
        {card && chat.systemPrompt ? t("chats.details.andSystemPrompt") : ""}
      </summary>
      <dl>
        {chat.systemPrompt && (
          <div>
            <dt>{t("chats.details.systemPrompt")}</dt>
            <dd className="message-text">{chat.systemPrompt}</dd>
          </div>
        )}
        {card &&
          CARD_KEYS.map((key) =>
            card[key] ? (
              <div key={key}>
                <dt>{t(`chats.details.${key}`)}</dt>
                <dd className="message-text">{card[key]}</dd>
              </div>
            ) : null,
          )}
      </dl>
    </details>
  );
}
