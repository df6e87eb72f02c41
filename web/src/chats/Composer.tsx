/**
 * The chat's composer (docs/spec/web-chat.md §1): Send posts the text and asks the model for a
 * reply (`POST …/generate {generationType: "normal", userMessage}`; Enter sends on a wide screen,
 * Ctrl/⌘+Enter everywhere); while a reply streams, Stop. Regenerate and Continue work on the last
 * reply; "Add without reply" only appends the message (no model needed). On a refused send the
 * text stays in the box and the error shows here with its code.
 */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { DescribedError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { Link } from "../shell/Link";
import { useAction } from "../state/use-action";
import type { ChatMessage, GenerationType } from "./types";
import { useChatsApi } from "./use-chats-api";

export interface ComposerProps {
  chatId: string;
  /** Name the user's messages go under (the persona in force). */
  personaName: string | null;
  generating: boolean;
  stopping: boolean;
  starting: boolean;
  /** The chat ends with a reply (Regenerate / Continue apply). */
  hasReply: boolean;
  error: DescribedError | null;
  onGenerate(type: GenerationType, text?: string): Promise<boolean>;
  onStop(): void;
  onAppended(message: ChatMessage): void;
}

export function Composer(props: ComposerProps) {
  const { t } = useTranslation();
  const chats = useChatsApi();
  const [text, setText] = useState("");
  const append = useAction(async (value: string) => {
    props.onAppended(
      await chats.append(props.chatId, {
        role: "user",
        text: value,
        ...(props.personaName ? { name: props.personaName } : {}),
      }),
    );
    setText("");
  });
  const busy = props.generating || props.starting;
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (text.trim() === "") {
      // An empty Send asks for a reply to the chat as it is (SillyTavern does the same).
      await props.onGenerate("normal");
      return;
    }
    const value = text;
    if (await props.onGenerate("normal", value)) setText((current) => (current === value ? "" : current));
  };
  const key = (event: KeyboardEvent) => {
    const wide = typeof window !== "undefined" && window.matchMedia?.("(pointer: fine)").matches;
    if (
      event.key === "Enter" &&
      (event.ctrlKey || event.metaKey || (wide && !event.shiftKey && !event.nativeEvent.isComposing))
    ) {
      event.preventDefault();
      void send();
    }
  };
  const noConnection =
    props.error?.code === "model.connection_not_found" || props.error?.code === "model.no_default_connection";
  return (
    <form className="composer" onSubmit={send}>
      <ErrorNote error={props.error} />
      {noConnection && (
        <p className="muted">
          <Link href="/connections">{t("conversation.addConnection")}</Link>
        </p>
      )}
      <div className="composer-main">
        <label className="field composer-field">
          <span className="visually-hidden">{t("chats.composer.label")}</span>
          <textarea
            aria-label={t("chats.composer.label")}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={key}
            rows={2}
            placeholder={
              props.personaName
                ? t("conversation.placeholderAs", { name: props.personaName })
                : t("chats.composer.placeholder")
            }
          />
        </label>
        {props.generating ? (
          <BusyButton
            variant="danger"
            busy={props.stopping}
            busyLabel={t("conversation.stopping")}
            onClick={props.onStop}
            className="composer-send"
          >
            {t("conversation.stop")}
          </BusyButton>
        ) : (
          <BusyButton
            type="submit"
            variant="primary"
            busy={props.starting}
            busyLabel={t("chats.composer.sending")}
            className="composer-send"
          >
            {t("chats.composer.send")}
          </BusyButton>
        )}
      </div>
      <div className="composer-actions">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={busy || !props.hasReply}
          onClick={() => void props.onGenerate("regenerate")}
        >
          {t("conversation.regenerate")}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={busy || !props.hasReply}
          onClick={() => void props.onGenerate("continue")}
        >
          {t("conversation.continue")}
        </button>
        <BusyButton
          variant="secondary"
          className="btn-ghost btn-small"
          busy={append.busy}
          disabled={text.trim() === ""}
          onClick={() => void append.run(text)}
        >
          {t("conversation.addWithoutReply")}
        </BusyButton>
      </div>
    </form>
  );
}
