/** One stored profile the server could not read, with its repair actions (see ProfileIssues). */
import { Trans, useTranslation } from "react-i18next";
import { useState } from "react";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote, ErrorText } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import type { ProfileIssue } from "./types";
import { useProfilesApi } from "./use-profiles-api";

export function IssueRow({ issue, onRepaired }: { issue: ProfileIssue; onRepaired(): void }) {
  const { t } = useTranslation();
  const profiles = useProfilesApi();
  const { show } = useToasts();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const repair = useAction(
    async (action: "delete" | "normalizeIdentity") => {
      await profiles.repair(issue.profileId, action);
      show({
        kind: "success",
        message: t(action === "delete" ? "profiles.issues.deleted" : "profiles.issues.repaired", {
          file: issue.fileName,
        }),
      });
      onRepaired();
    },
    { toastErrors: false },
  );
  return (
    <li className="profile-issue" data-testid="profile-issue">
      <p>
        <code>{issue.fileName}</code>: {t(`profiles.issues.kinds.${issue.kind}`)}
      </p>
      <p className="muted">
        <ErrorText error={issue} />
      </p>
      {!confirmDelete ? (
        <div className="row">
          {issue.recommendedAction === "normalizeIdentity" && (
            <BusyButton
              className="btn-small"
              variant="primary"
              busy={repair.busy}
              busyLabel={t("profiles.issues.repairing")}
              onClick={() => void repair.run("normalizeIdentity")}
              aria-label={t("profiles.issues.fixHeaderLabel", { file: issue.fileName })}
            >
              {t("profiles.issues.fixHeader")}
            </BusyButton>
          )}
          <button
            type="button"
            className="btn btn-danger-outline btn-small"
            onClick={() => setConfirmDelete(true)}
            aria-label={t("profiles.issues.deleteLabel", { file: issue.fileName })}
          >
            {t("common.delete")}
            {issue.recommendedAction === "delete" ? t("profiles.issues.recommended") : ""}
          </button>
        </div>
      ) : (
        <div className="confirm" role="group" aria-label={t("profiles.issues.confirmLabel", { file: issue.fileName })}>
          <p>
            <Trans
              i18nKey="profiles.issues.confirm"
              values={{ file: issue.fileName }}
              components={{ code: <code /> }}
            />
          </p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={repair.busy}
              busyLabel={t("common.deleting")}
              onClick={() => void repair.run("delete")}
              autoFocus
            >
              {t("profiles.issues.deleteIt")}
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(false)}>
              {t("common.cancel")}
            </button>
          </div>
        </div>
      )}
      <ErrorNote error={repair.error} />
    </li>
  );
}
