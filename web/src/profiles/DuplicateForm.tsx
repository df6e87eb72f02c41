/**
 * "Duplicate": an editable copy of a profile (the usual way to change the built-in
 * default-writer). Asks for the new id (prefilled `<id>-copy`, `-copy-2`, … whichever is free)
 * and display name, loads the source document and imports the copy (`POST /agent/profiles/import`,
 * which refuses an id in use with `agent.profile_conflict` instead of replacing it), then opens it.
 */
import { useTranslation } from "react-i18next";
import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { navigate } from "../shell/router";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import { copyDocument, copyId } from "./profile-draft";
import { profilePath } from "./paths";
import { useProfilesApi } from "./use-profiles-api";

export interface DuplicateFormProps {
  source: { id: string; displayName: string };
  /** Ids in use (for the suggested id); read from the server when absent. */
  takenIds?: string[];
  onCancel(): void;
}

export function DuplicateForm({ source, takenIds, onCancel }: DuplicateFormProps) {
  const { t } = useTranslation();
  const profiles = useProfilesApi();
  const { show } = useToasts();
  const [id, setId] = useState(() => copyId(source.id, takenIds ?? []));
  const [name, setName] = useState(() => t("profiles.duplicate.copyName", { name: source.displayName }));
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (takenIds) return;
    let live = true;
    profiles.list().then(
      (list) => {
        if (live && !touched)
          setId(copyId(source.id, [...list.profiles.map((p) => p.id), ...list.issues.map((i) => i.profileId)]));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [profiles, source.id, takenIds, touched]);
  const create = useAction(
    async () => {
      const { profile } = await profiles.load(source.id);
      if (!profile)
        throw new ApiError(404, "agent.profile_not_found", t("profiles.duplicate.gone", { name: source.displayName }));
      const saved = await profiles.importDocument(copyDocument(profile, id.trim(), name));
      show({ kind: "success", message: t("profiles.duplicate.created", { name: saved.profile.displayName }) });
      navigate(profilePath(saved.profile.id));
    },
    { toastErrors: false },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.run();
  };
  const helpId = `dup-${source.id}-help`;
  return (
    <form
      className="stack duplicate-form"
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
      }}
      aria-label={t("profiles.duplicate.label", { name: source.displayName })}
    >
      <div className="field-group">
        <label className="field">
          <span>{t("profiles.duplicate.newId")}</span>
          <input
            value={id}
            onChange={(e) => {
              setId(e.target.value);
              setTouched(true);
            }}
            required
            maxLength={128}
            autoFocus
            aria-describedby={helpId}
            spellCheck={false}
            autoCapitalize="off"
          />
        </label>
        <small id={helpId}>{t("profiles.duplicate.idHelp")}</small>
      </div>
      <label className="field">
        <span>{t("profiles.duplicate.name")}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      </label>
      <ErrorNote error={create.error} />
      <div className="row">
        <BusyButton type="submit" variant="primary" busy={create.busy} busyLabel={t("profiles.duplicate.busy")}>
          {t("profiles.duplicate.submit")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
