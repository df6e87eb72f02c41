/** One stored profile the server could not read, with its repair actions (see ProfileIssues). */
import { useState } from "react";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import type { ProfileIssue } from "./types";
import { useProfilesApi } from "./use-profiles-api";

const KIND_TEXT: Record<ProfileIssue["kind"], string> = {
  invalidJson: "The stored file is not readable JSON.",
  invalidFileIdentity: "Its header (schema version, kind or id) does not match where it is stored.",
  invalidProfile: "It breaks a profile rule.",
};

export function IssueRow({ issue, onRepaired }: { issue: ProfileIssue; onRepaired(): void }) {
  const profiles = useProfilesApi();
  const { show } = useToasts();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const repair = useAction(
    async (action: "delete" | "normalizeIdentity") => {
      await profiles.repair(issue.profileId, action);
      show({
        kind: "success",
        message: action === "delete" ? `Deleted ${issue.fileName}.` : `Repaired ${issue.fileName}.`,
      });
      onRepaired();
    },
    { toastErrors: false },
  );
  return (
    <li className="profile-issue" data-testid="profile-issue">
      <p>
        <code>{issue.fileName}</code>: {KIND_TEXT[issue.kind]}
      </p>
      <p className="muted">
        {issue.message} <code>{issue.code}</code>
      </p>
      {!confirmDelete ? (
        <div className="row">
          {issue.recommendedAction === "normalizeIdentity" && (
            <BusyButton
              className="btn-small"
              variant="primary"
              busy={repair.busy}
              busyLabel="Repairing…"
              onClick={() => void repair.run("normalizeIdentity")}
              aria-label={`Fix the header of ${issue.fileName}`}
            >
              Fix the header (recommended)
            </BusyButton>
          )}
          <button
            type="button"
            className="btn btn-danger-outline btn-small"
            onClick={() => setConfirmDelete(true)}
            aria-label={`Delete ${issue.fileName}`}
          >
            Delete{issue.recommendedAction === "delete" ? " (recommended)" : ""}
          </button>
        </div>
      ) : (
        <div className="confirm" role="group" aria-label={`Confirm deleting ${issue.fileName}`}>
          <p>
            Delete <code>{issue.fileName}</code>? Its content cannot be recovered.
          </p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={repair.busy}
              busyLabel="Deleting…"
              onClick={() => void repair.run("delete")}
              autoFocus
            >
              Delete it
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <ErrorNote error={repair.error} />
    </li>
  );
}
