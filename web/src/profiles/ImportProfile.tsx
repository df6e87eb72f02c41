/**
 * Import a profile file (.json; v1, v2 or v3 — older ones are migrated by the server:
 * bare builtin names → `builtin:<name>`, `mcpResultInlineCharLimit` 50,000). An id already in use
 * (`agent.profile_conflict`) offers "Replace it" (import with `overwrite: true`); any other
 * refusal shows the server's message, code and field path.
 */
import { Trans, useTranslation } from "react-i18next";
import { useRef, useState, type FormEvent } from "react";
import { BusyButton } from "../components/BusyButton";
import { Link } from "../shell/Link";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import { ApiError } from "../api/client";
import { profilePath } from "./paths";
import { readProfileFile } from "./read-profile-file";
import { ValidationError } from "./ValidationError";
import type { ImportResult } from "./types";
import { useProfilesApi } from "./use-profiles-api";

export function ImportProfile() {
  const { t } = useTranslation();
  const profiles = useProfilesApi();
  const { show } = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [details, setDetails] = useState<unknown>(null);
  const [conflict, setConflict] = useState<{ document: unknown; id: string } | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const upload = useAction(
    async (document: unknown | null, overwrite: boolean) => {
      setConflict(null);
      setDone(null);
      const body = document ?? (file ? await readProfileFile(file) : null);
      if (body === null) return;
      try {
        const result = await profiles.importDocument(body, overwrite);
        setDone(result);
        show({ kind: "success", message: t("profiles.import.toast", { name: result.profile.displayName }) });
        setFile(null);
        if (input.current) input.current.value = "";
      } catch (error) {
        setDetails(error instanceof ApiError ? error.details : null);
        if (error instanceof ApiError && error.code === "agent.profile_conflict") {
          const id =
            typeof (error.details as { profileId?: unknown } | undefined)?.profileId === "string"
              ? (error.details as { profileId: string }).profileId
              : "";
          setConflict({ document: body, id });
          return;
        }
        throw error;
      }
    },
    { toastErrors: false },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDetails(null);
    void upload.run(null, false);
  };
  return (
    <form className="card profile-import" onSubmit={submit} aria-labelledby="profile-import-title">
      <h2 id="profile-import-title">{t("profiles.import.title")}</h2>
      <div className="row">
        <label className="field profile-file">
          <span>{t("profiles.import.file")}</span>
          <input
            ref={input}
            type="file"
            accept=".json,application/json"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              upload.clearError();
              setConflict(null);
              setDone(null);
            }}
          />
        </label>
        <BusyButton type="submit" busy={upload.busy} busyLabel={t("profiles.import.busy")} disabled={!file}>
          {t("profiles.import.submit")}
        </BusyButton>
      </div>
      <small className="muted">{t("profiles.import.help")}</small>
      {conflict && (
        <div className="confirm" role="group" aria-label={t("profiles.import.conflictLabel")}>
          <p role="alert">
            <Trans i18nKey="profiles.import.conflict" values={{ id: conflict.id }} components={{ code: <code /> }} />
          </p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={upload.busy}
              busyLabel={t("profiles.import.replacing")}
              onClick={() => void upload.run(conflict.document, true)}
            >
              {t("profiles.import.replace")}
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setConflict(null)}>
              {t("profiles.import.keep")}
            </button>
          </div>
        </div>
      )}
      {done && (
        <p className="success" role="status">
          <Trans
            i18nKey={done.migratedFrom !== null ? "profiles.import.importedMigrated" : "profiles.import.imported"}
            values={{ name: done.profile.displayName, version: done.migratedFrom }}
            components={{ a: <Link href={profilePath(done.profile.id)} /> }}
          />
        </p>
      )}
      <ValidationError error={upload.error} details={details} />
    </form>
  );
}
