/**
 * `/profiles/<id>`: the profile's name, id and badges; Duplicate / Export / Delete; its health in
 * plain words (re-checked live when connections change); and the editor (read-only for the
 * built-in default-writer, with "Duplicate" offered to make an editable copy). A stored profile
 * the server cannot read shows its code and health; one deleted elsewhere says so.
 */
import { profileName } from "./profile-name";
import { Trans, useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
  const view = useProfile(profileId);
  const { profile } = view;
  const [mode, setMode] = useState<"view" | "duplicate" | "confirm-delete">("view");
  const [repair, setRepair] = useState<RepairRequest | null>(null);
  const readOnly = profileId === DEFAULT_WRITER_ID;
  const directRunnable = (profile?.run as { directRunnable?: unknown } | undefined)?.directRunnable !== false;
  const title = profile
    ? profileName(t, profileId, profile.displayName)
    : view.error
      ? profileId
      : view.removed
        ? t("profiles.page.deletedTitle")
        : t("profiles.page.loadingTitle");
  return (
    <section className="screen profile-page" aria-labelledby="screen-title">
      <Link href="/profiles" className="back-link">
        {t("profiles.page.back")}
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
          <span className="spinner" aria-hidden="true" /> {t("profiles.page.loading")}
        </p>
      )}
      {view.removed && (
        <p className="notice" role="alert">
          <Trans i18nKey="profiles.page.deleted" components={{ a: <Link href="/profiles" /> }} />
        </p>
      )}
      {!profile && !view.loading && !view.error && !view.removed && (
        <p className="notice" role="alert">
          <Trans
            i18nKey="profiles.page.missing"
            values={{ id: profileId }}
            components={{ code: <code />, a: <Link href="/profiles" /> }}
          />
        </p>
      )}
      {view.error && (
        <div className="notice" role="alert">
          <p>{t("profiles.page.unreadable")}</p>
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
                  {readOnly ? t("profiles.page.duplicateToEdit") : t("profiles.row.duplicate")}
                </button>
              )}
              {profile && <ExportButton profile={profile} small={false} />}
              {!readOnly && (
                <button type="button" className="btn btn-danger-outline" onClick={() => setMode("confirm-delete")}>
                  {t("common.delete")}
                </button>
              )}
            </div>
          )}
          {mode === "duplicate" && profile && (
            <DuplicateForm
              source={{ ...profile, displayName: profileName(t, profileId, profile.displayName) }}
              onCancel={() => setMode("view")}
            />
          )}
          {mode === "confirm-delete" && (
            <DeleteProfile
              profile={{ id: profileId, displayName: profileName(t, profileId, profile?.displayName) }}
              onCancel={() => setMode("view")}
              onDeleted={() => navigate("/profiles")}
            />
          )}
        </div>
      )}
      {readOnly && profile && <p className="muted">{t("profiles.page.readOnly")}</p>}
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
          health={view.health}
          onSaved={() => void view.rediagnose()}
        />
      )}
    </section>
  );
}
