/**
 * One profile in the list: display name (opens it), id, badges, description, and Duplicate /
 * Export / Delete (delete asks first; the built-in profile has no Delete).
 */
import { profileDescription, profileName } from "./profile-name";
import { useTranslation } from "react-i18next";
import { useState } from "react";
import { Link } from "../shell/Link";
import { useReturnFocus } from "../components/use-return-focus";
import { DeleteProfile } from "./DeleteProfile";
import { DuplicateForm } from "./DuplicateForm";
import { ExportButton } from "./ExportButton";
import { ProfileBadges } from "./ProfileBadges";
import { profilePath } from "./paths";
import type { ProfileSummary } from "./types";

export function ProfileRow({ profile, takenIds }: { profile: ProfileSummary; takenIds: string[] }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"view" | "duplicate" | "confirm-delete">("view");
  const duplicateButton = useReturnFocus(mode);
  const name = profileName(t, profile.id, profile.displayName);
  const description = profileDescription(t, profile.id, profile.description);
  return (
    <li className="item-row profile-row" data-testid="profile-row" data-profile-id={profile.id}>
      <div className="item-row-main profile-row-main">
        <div className="profile-row-head">
          <Link href={profilePath(profile.id)} className="item-title profile-name" data-testid="profile-name">
            {name}
          </Link>
          <ProfileBadges readOnly={profile.readOnly} directRunnable={profile.directRunnable} />
        </div>
        <div className="item-meta profile-meta">
          <code>{profile.id}</code>
        </div>
        {description && <p className="profile-description">{description}</p>}
      </div>
      {mode === "view" && (
        <div className="item-actions profile-actions">
          <button
            ref={duplicateButton}
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setMode("duplicate")}
            aria-label={t("profiles.row.duplicateLabel", { name })}
          >
            {t("profiles.row.duplicate")}
          </button>
          <ExportButton profile={profile} />
          {!profile.readOnly && (
            <button
              type="button"
              className="btn btn-danger-outline btn-small"
              onClick={() => setMode("confirm-delete")}
              aria-label={t("profiles.row.deleteLabel", { name })}
            >
              {t("common.delete")}
            </button>
          )}
        </div>
      )}
      {mode === "duplicate" && (
        <DuplicateForm
          source={{ ...profile, displayName: name }}
          takenIds={takenIds}
          onCancel={() => setMode("view")}
        />
      )}
      {mode === "confirm-delete" && (
        <DeleteProfile profile={profile} onCancel={() => setMode("view")} onDeleted={() => setMode("view")} />
      )}
    </li>
  );
}
