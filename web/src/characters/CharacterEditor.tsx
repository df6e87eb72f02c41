/**
 * `/characters/<id>`: the card editor (name, description, personality, scenario, first message,
 * alternate greetings, examples, prompts, notes, tags), saved with the revision it was loaded at
 * (`character.revision_conflict` when another device saved first; Reload takes theirs). Also:
 * start a chat with the character (its greeting is posted), export as PNG or JSON (V3 / V2), open
 * its lorebook, delete; change the picture (AvatarPicker). Every card field the form does not show
 * is kept as it is.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { EditorScreen } from "../components/EditorScreen";
import { ErrorNote } from "../components/ErrorNote";
import { useLiveRecord } from "../components/use-live-record";
import { Link } from "../shell/Link";
import { navigate } from "../shell/router";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { AvatarPicker } from "./AvatarPicker";
import { draftOf, patchOf, TEXT_FIELDS, type CardDraft } from "./card-draft";
import { exportCard } from "./characters-api";
import type { CharacterView } from "./types";
import { useCharactersApi } from "./use-characters";
import "./characters.css";

const LONG = new Set(["description", "first_mes", "mes_example", "system_prompt", "post_history_instructions"]);

export function CharacterEditor({ characterId }: { characterId: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const characters = useCharactersApi();
  const { show } = useToasts();
  const [character, setCharacter] = useState<CharacterView | null>(null);
  const [draft, setDraft] = useState<CardDraft | null>(null);
  const [dirty, setDirty] = useState(false);
  const { load, reload, removed } = useLiveRecord({
    frame: "character.changed",
    isMine: (frame) => frame.characterId === characterId,
    load: async () => {
      const found = await characters.get(characterId);
      setCharacter(found);
      setDraft(draftOf(found.card.data));
      setDirty(false);
    },
    // Another device's change: re-read, unless an edit is open here (its save then reports the
    // conflict); a new picture shows either way (it does not change the card's revision).
    onChanged: () => {
      if (!dirty) void reload();
      else void characters.get(characterId).then(takePicture, () => {});
    },
  });
  const takePicture = (from: CharacterView) =>
    setCharacter((c) => (c ? { ...c, hasAvatar: from.hasAvatar, avatarSha256: from.avatarSha256 } : c));
  const save = useAction(
    async () => {
      if (!character || !draft) return;
      const saved = await characters.update(character.id, patchOf(draft), character.revision);
      setCharacter(saved);
      setDraft(draftOf(saved.card.data));
      setDirty(false);
      show({ kind: "success", message: t("characters.editor.saved") });
    },
    { toastErrors: false },
  );
  const start = useAction(async () => {
    if (!character) return;
    const chat = await characters.startChat(character.id, character.name);
    navigate(`/chats/${encodeURIComponent(chat.id)}`);
  });
  const remove = useAction(async () => {
    if (!character || !window.confirm(t("characters.editor.confirmDelete", { name: character.name }))) return;
    await characters.remove(character.id);
    navigate("/characters");
  });
  const download = useAction((format: "png" | "json", spec: "v3" | "v2") =>
    exportCard(services, characterId, format, spec),
  );

  const set = (key: keyof CardDraft) => (event: { target: { value: string } }) => {
    setDirty(true);
    setDraft((d) => (d ? { ...d, [key]: event.target.value } : d));
  };
  const setGreeting = (index: number, value: string | null) => {
    setDirty(true);
    setDraft((d) => {
      if (!d) return d;
      const greetings = [...d.greetings];
      if (value === null) greetings.splice(index, 1);
      else greetings[index] = value;
      return { ...d, greetings };
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };

  return (
    <EditorScreen
      className="character-editor"
      back={{ href: "/characters", label: t("characters.editor.back") }}
      title={character ? character.name : t("characters.loading")}
      error={load.error}
      removedNotice={removed ? t("characters.editor.removed") : null}
    >
      {character && draft && (
        <>
          <div className="character-head">
            <AvatarPicker character={character} onSaved={takePicture} />
            <div className="stack">
              <BusyButton variant="primary" busy={start.busy} onClick={() => void start.run()}>
                {t("characters.editor.startChat")}
              </BusyButton>
              <div className="row">
                <button type="button" className="btn btn-secondary" onClick={() => void download.run("png", "v3")}>
                  {t("characters.editor.exportPng")}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => void download.run("json", "v3")}>
                  {t("characters.editor.exportJson")}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => void download.run("json", "v2")}>
                  {t("characters.editor.exportJsonV2")}
                </button>
              </div>
              {character.bookId && (
                <Link href={`/worldinfo/${encodeURIComponent(character.bookId)}`}>
                  {t("characters.editor.lorebook")}
                </Link>
              )}
            </div>
          </div>
          <ErrorNote error={start.error ?? download.error} />
          <form className="card stack" onSubmit={submit} aria-label={t("characters.editor.formLabel")}>
            <label className="field">
              <span>{t("characters.fields.name")}</span>
              <input value={draft.name} onChange={set("name")} maxLength={200} required />
            </label>
            {TEXT_FIELDS.map((field) => (
              <label key={field} className="field">
                <span>{t(`characters.fields.${field}`)}</span>
                {LONG.has(field) || field === "personality" || field === "scenario" || field === "creator_notes" ? (
                  <textarea value={draft[field]} onChange={set(field)} rows={LONG.has(field) ? 5 : 2} />
                ) : (
                  <input value={draft[field]} onChange={set(field)} />
                )}
              </label>
            ))}
            <fieldset className="fieldset stack">
              <legend>{t("characters.fields.alternate_greetings")}</legend>
              {draft.greetings.map((greeting, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: greetings have no ids; the index is their identity
                <div key={index} className="greeting-row">
                  <textarea
                    value={greeting}
                    rows={2}
                    aria-label={t("characters.editor.greeting", { n: index + 1 })}
                    onChange={(e) => setGreeting(index, e.target.value)}
                  />
                  <button type="button" className="btn btn-secondary" onClick={() => setGreeting(index, null)}>
                    {t("characters.editor.removeGreeting")}
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setGreeting(draft.greetings.length, "")}
              >
                {t("characters.editor.addGreeting")}
              </button>
            </fieldset>
            <label className="field">
              <span>{t("characters.fields.tags")}</span>
              <input value={draft.tags} onChange={set("tags")} />
            </label>
            <ErrorNote error={save.error} />
            <div className="row">
              <BusyButton type="submit" variant="primary" busy={save.busy} disabled={!dirty}>
                {t("characters.editor.save")}
              </BusyButton>
              {save.error?.code === "character.revision_conflict" && (
                <button type="button" className="btn btn-secondary" onClick={() => void reload()}>
                  {t("characters.editor.reload")}
                </button>
              )}
              <BusyButton variant="danger" busy={remove.busy} onClick={() => void remove.run()}>
                {t("characters.editor.delete")}
              </BusyButton>
            </div>
          </form>
        </>
      )}
    </EditorScreen>
  );
}
