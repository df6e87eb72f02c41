/**
 * Import a profile file (.json; v1, v2 or v3 — older ones are migrated by the server:
 * bare builtin names → `builtin:<name>`, `mcpResultInlineCharLimit` 50,000). An id already in use
 * (`agent.profile_conflict`) offers "Replace it" (import with `overwrite: true`); any other
 * refusal shows the server's message, code and field path.
 */
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
        show({ kind: "success", message: `Imported “${result.profile.displayName}”.` });
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
      <h2 id="profile-import-title">Import a profile</h2>
      <div className="row">
        <label className="field profile-file">
          <span>Profile file (.json)</span>
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
        <BusyButton type="submit" busy={upload.busy} busyLabel="Importing…" disabled={!file}>
          Import
        </BusyButton>
      </div>
      <small className="muted">
        Profiles exported from TavernEdge or TauriTavern (schema versions 1–3). A model connection must be picked again
        after import.
      </small>
      {conflict && (
        <div className="confirm" role="group" aria-label="Profile id already in use">
          <p role="alert">
            A profile with the id <code>{conflict.id}</code> already exists. Replace it with the file's version?
          </p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={upload.busy}
              busyLabel="Replacing…"
              onClick={() => void upload.run(conflict.document, true)}
            >
              Replace it
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setConflict(null)}>
              Keep the existing one
            </button>
          </div>
        </div>
      )}
      {done && (
        <p className="success" role="status">
          Imported <Link href={profilePath(done.profile.id)}>{done.profile.displayName}</Link>
          {done.migratedFrom !== null ? ` (converted from schema version ${done.migratedFrom})` : ""}.
        </p>
      )}
      <ValidationError error={upload.error} details={details} />
    </form>
  );
}
