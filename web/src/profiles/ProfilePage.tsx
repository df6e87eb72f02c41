/**
 * `/profiles/<id>`: the profile's name, id and badges; Duplicate / Export / Delete; its health in
 * plain words (re-checked live when connections change); and the editor (read-only for the
 * built-in default-writer, with "Duplicate" offered to make an editable copy). A stored profile
 * the server cannot read shows its code and health; one deleted elsewhere says so.
 */
import { useState } from "react";
import { ErrorNote } from "../components/ErrorNote";
import { Link } from "../shell/Link";
import { navigate } from "../shell/router";
import { DeleteProfile } from "./DeleteProfile";
import { DuplicateForm } from "./DuplicateForm";
import { ExportButton } from "./ExportButton";
import { HealthPanel } from "./HealthPanel";
import { ProfileBadges } from "./ProfileBadges";
import { ProfileEditor, type RepairRequest } from "./ProfileEditor";
import { DEFAULT_WRITER_ID } from "./types";
import { useProfile } from "./use-profile";

export function ProfilePage({ profileId }: { profileId: string }) {
  const view = useProfile(profileId);
  const { profile } = view;
  const [mode, setMode] = useState<"view" | "duplicate" | "confirm-delete">("view");
  const [repair, setRepair] = useState<RepairRequest | null>(null);
  const readOnly = profileId === DEFAULT_WRITER_ID;
  const directRunnable = (profile?.run as { directRunnable?: unknown } | undefined)?.directRunnable !== false;
  const title = profile
    ? profile.displayName
    : view.error
      ? profileId
      : view.removed
        ? "Profile deleted"
        : "Loading profile…";
  return (
    <section className="screen profile-page" aria-labelledby="screen-title">
      <Link href="/profiles" className="back-link">
        ← All profiles
      </Link>
      <h1 id="screen-title" data-testid="profile-heading">
        {title}
      </h1>
      {profile && (
        <div className="profile-page-head">
          <code data-testid="profile-id">{profile.id}</code>
          <ProfileBadges readOnly={readOnly} directRunnable={directRunnable} />
        </div>
      )}
      {!profile && !view.error && !view.removed && view.loading && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading…
        </p>
      )}
      {view.removed && (
        <p className="notice" role="alert">
          This profile was deleted. <Link href="/profiles">Back to your profiles</Link>.
        </p>
      )}
      {!profile && !view.loading && !view.error && !view.removed && (
        <p className="notice" role="alert">
          There is no profile with the id <code>{profileId}</code>. <Link href="/profiles">Back to your profiles</Link>.
        </p>
      )}
      {view.error && (
        <div className="notice" role="alert">
          <p>The stored profile cannot be read, so it cannot be edited here. Repair or delete it from the list.</p>
          <ErrorNote error={view.error} />
        </div>
      )}
      {(profile || view.error) && (
        <div className="profile-page-actions">
          {mode === "view" && (
            <div className="row">
              {profile && (
                <button
                  type="button"
                  className={`btn ${readOnly ? "btn-primary" : "btn-secondary"}`}
                  onClick={() => setMode("duplicate")}
                >
                  {readOnly ? "Duplicate to edit" : "Duplicate"}
                </button>
              )}
              {profile && <ExportButton profile={profile} small={false} />}
              {!readOnly && (
                <button type="button" className="btn btn-danger-outline" onClick={() => setMode("confirm-delete")}>
                  Delete
                </button>
              )}
            </div>
          )}
          {mode === "duplicate" && profile && <DuplicateForm source={profile} onCancel={() => setMode("view")} />}
          {mode === "confirm-delete" && (
            <DeleteProfile
              profile={{ id: profileId, displayName: profile?.displayName ?? profileId }}
              onCancel={() => setMode("view")}
              onDeleted={() => navigate("/profiles")}
            />
          )}
        </div>
      )}
      {readOnly && profile && (
        <p className="muted">
          The built-in Default Writer is read-only: it is what runs use when they name no profile. Duplicate it to make
          a copy you can change.
        </p>
      )}
      <HealthPanel
        health={view.health}
        canRepair={!readOnly && profile !== null}
        onRepair={(action) => setRepair((r) => ({ action, seq: (r?.seq ?? 0) + 1 }))}
      />
      {profile && (
        <ProfileEditor
          profile={profile}
          version={view.version}
          readOnly={readOnly}
          repair={repair}
          onSaved={() => void view.rediagnose()}
        />
      )}
    </section>
  );
}
