/**
 * Appends a user message (POST /api/v1/chats/:id/messages, role user). Ctrl/⌘+Enter sends.
 * `afterMessageId` is not sent: two devices typing at once both keep their messages.
 */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import type { ChatMessage } from "./types";
import { useChatsApi } from "./use-chats-api";

export function Composer({ chatId, onSent }: { chatId: string; onSent(message: ChatMessage): void }) {
  const { t } = useTranslation();
  const chats = useChatsApi();
  const [text, setText] = useState("");
  const send = useAction(async (value: string) => {
    onSent(await chats.append(chatId, { role: "user", text: value }));
    setText("");
  });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim() === "" || send.busy) return;
    void send.run(text);
  };
  const key = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
  };
  return (
    <form className="composer" onSubmit={submit}>
      <label className="field composer-field">
        <span>{t("chats.composer.label")}</span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={key}
          rows={3}
          placeholder={t("chats.composer.placeholder")}
        />
      </label>
      <BusyButton
        type="submit"
        variant="primary"
        busy={send.busy}
        busyLabel={t("chats.composer.sending")}
        disabled={text.trim() === ""}
      >
        {t("chats.composer.send")}
      </BusyButton>
    </form>
  );
}
