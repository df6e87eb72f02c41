/**
 * "New chat": title, optional system prompt, optional character card (name, description,
 * personality, scenario, first message). POST /api/v1/chats, then opens the new chat.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { i18n } from "../i18n/i18n";
import { navigate } from "../shell/router";
import { useAction } from "../state/use-action";
import type { CharacterCard, Chat, NewChat } from "./types";
import { useChatsApi } from "./use-chats-api";

const CARD_FIELDS = [
  { key: "description" },
  { key: "personality" },
  { key: "scenario" },
  { key: "firstMessage" },
] as const;

type Draft = { title: string; systemPrompt: string; name: string } & Record<
  (typeof CARD_FIELDS)[number]["key"],
  string
>;
const EMPTY: Draft = {
  title: "",
  systemPrompt: "",
  name: "",
  description: "",
  personality: "",
  scenario: "",
  firstMessage: "",
};

/** The POST body for a draft, or an error message when the card has fields but no name. */
export function newChatBody(draft: Draft): NewChat | string {
  const card: Partial<CharacterCard> = {};
  for (const { key } of CARD_FIELDS) if (draft[key].trim() !== "") card[key] = draft[key];
  const hasCard = Object.keys(card).length > 0;
  if (hasCard && draft.name.trim() === "") return i18n.t("chats.create.needName");
  return {
    title: draft.title.trim(),
    ...(draft.name.trim() !== "" ? { character: { name: draft.name.trim(), ...card } } : {}),
    ...(draft.systemPrompt.trim() !== "" ? { systemPrompt: draft.systemPrompt } : {}),
  };
}

export function NewChatForm({ onCreated }: { onCreated(chat: Chat): void }) {
  const { t } = useTranslation();
  const chats = useChatsApi();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useAction(
    async (body: NewChat) => {
      const chat = await chats.create(body);
      onCreated(chat);
      setDraft(EMPTY);
      setOpen(false);
      navigate(`/chats/${encodeURIComponent(chat.id)}`);
    },
    { toastErrors: false },
  );
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = newChatBody(draft);
    if (typeof body === "string") return setProblem(body);
    setProblem(null);
    void create.run(body);
  };
  if (!open)
    return (
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        {t("chats.create.open")}
      </button>
    );
  return (
    <form
      className="card stack chat-form"
      onSubmit={submit}
      aria-labelledby="new-chat-title"
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      <h2 id="new-chat-title">{t("chats.create.title")}</h2>
      <label className="field">
        <span>{t("chats.create.chatTitle")}</span>
        <input value={draft.title} onChange={set("title")} maxLength={200} required autoFocus />
      </label>
      <label className="field">
        <span>
          {t("chats.create.systemPrompt")} <span className="muted">{t("chats.create.optional")}</span>
        </span>
        <textarea value={draft.systemPrompt} onChange={set("systemPrompt")} rows={3} />
      </label>
      <fieldset className="fieldset stack">
        <legend>
          {t("chats.create.character")} <span className="muted">{t("chats.create.optional")}</span>
        </legend>
        <label className="field">
          <span>{t("chats.create.name")}</span>
          <input value={draft.name} onChange={set("name")} maxLength={200} />
        </label>
        {CARD_FIELDS.map(({ key }) => (
          <label key={key} className="field">
            <span>{t(`chats.details.${key}`)}</span>
            <textarea value={draft[key]} onChange={set(key)} rows={2} />
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="error-note" role="alert">
          {problem}
        </p>
      )}
      <ErrorNote error={create.error} />
      <div className="row">
        <BusyButton
          type="submit"
          variant="primary"
          busy={create.busy}
          busyLabel={t("chats.create.busy")}
          disabled={draft.title.trim() === ""}
        >
          {t("chats.create.submit")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
