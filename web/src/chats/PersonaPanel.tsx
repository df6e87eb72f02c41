/**
 * Who the user plays in this chat (docs/spec/chats.md "Personas"): the chat's own persona, else the
 * user's, else none ("User"). "Change" edits name and description, saved for this chat only
 * (`PATCH /chats/:id {persona}`) or as the user's persona for every chat (`PATCH /settings`);
 * "Use my usual persona" clears the chat's own.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import type { Chat, Persona } from "./types";
import { useChatsApi } from "./use-chats-api";

export function PersonaPanel({
  chat,
  userPersona,
  onChatChanged,
  onUserPersona,
}: {
  chat: Chat;
  userPersona: Persona | null;
  onChatChanged(chat: Chat): void;
  onUserPersona(persona: Persona | null): void;
}) {
  const { t } = useTranslation();
  const chats = useChatsApi();
  const current = chat.persona ?? userPersona;
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [scope, setScope] = useState<"chat" | "user">("chat");
  const save = useAction(
    async () => {
      const persona: Persona = { name: name.trim(), ...(description.trim() ? { description } : {}) };
      if (scope === "chat") onChatChanged(await chats.setPersona(chat.id, persona));
      else {
        onUserPersona((await chats.setUserPersona(persona)).persona);
        if (chat.persona) onChatChanged(await chats.setPersona(chat.id, null));
      }
      setEditing(false);
    },
    { toastErrors: false },
  );
  const clear = useAction(async () => onChatChanged(await chats.setPersona(chat.id, null)));
  const open = () => {
    setName(current?.name ?? "");
    setDescription(current?.description ?? "");
    setScope(chat.persona || !userPersona ? "chat" : "user");
    save.clearError();
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") return;
    void save.run();
  };
  return (
    <div className="persona-panel" data-testid="persona-panel">
      <span>
        {current ? t("conversation.persona.playingAs", { name: current.name }) : t("conversation.persona.none")}
        {chat.persona && <span className="badge badge-muted">{t("conversation.persona.thisChat")}</span>}
      </span>
      {!editing && (
        <button type="button" className="btn btn-ghost btn-small" onClick={open}>
          {t("conversation.persona.change")}
        </button>
      )}
      {!editing && chat.persona && userPersona && (
        <BusyButton
          variant="secondary"
          className="btn-ghost btn-small"
          busy={clear.busy}
          onClick={() => void clear.run()}
        >
          {t("conversation.persona.useUsual", { name: userPersona.name })}
        </BusyButton>
      )}
      {editing && (
        <form className="persona-form card" onSubmit={submit}>
          <label className="field">
            <span>{t("conversation.persona.name")}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
          </label>
          <label className="field">
            <span>
              {t("conversation.persona.description")} <span className="muted">{t("chats.create.optional")}</span>
            </span>
            <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
          </label>
          <fieldset className="persona-scope">
            <legend>{t("conversation.persona.scope")}</legend>
            <label>
              <input type="radio" checked={scope === "chat"} onChange={() => setScope("chat")} />{" "}
              {t("conversation.persona.scopeChat")}
            </label>
            <label>
              <input type="radio" checked={scope === "user"} onChange={() => setScope("user")} />{" "}
              {t("conversation.persona.scopeUser")}
            </label>
          </fieldset>
          <ErrorNote error={save.error} />
          <div className="row">
            <BusyButton type="submit" variant="primary" busy={save.busy} disabled={name.trim() === ""}>
              {t("conversation.persona.save")}
            </BusyButton>
            <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
              {t("common.cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
