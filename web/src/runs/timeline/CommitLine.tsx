/**
 * A commit in the timeline: the message it wrote (linked to the chat) and, once the run has ended,
 * "Undo this commit" (`POST …/commits/:commitId/revert`) behind a confirmation. A message edited
 * since the commit is refused (`agent.revert_conflict`) and the refusal is shown; the undo reaches
 * every device through the journal (`commit_reverted`) and the chat frames.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../../components/BusyButton";
import { ErrorNote } from "../../components/ErrorNote";
import { Link } from "../../shell/Link";
import { useAction } from "../../state/use-action";
import type { TimelineCommit } from "./timeline-model";
import { useTimelineApi } from "./use-timeline-api";

export function CommitLine({
  runId,
  commit,
  chatHref,
  canRevert,
}: {
  runId: string;
  commit: TimelineCommit;
  chatHref: string;
  canRevert: boolean;
}) {
  const { t } = useTranslation();
  const api = useTimelineApi();
  const [confirming, setConfirming] = useState(false);
  const revert = useAction(
    async () => {
      await api.revertCommit(runId, commit.commitId);
      setConfirming(false);
    },
    { toastErrors: false },
  );
  const n = (commit.messageIndex ?? 0) + 1;
  if (commit.reverted)
    return (
      <p className="muted" data-testid="tl-commit" data-reverted="true">
        {t("runs.timeline.commitReverted")}
      </p>
    );
  return (
    <div className="tl-commit" data-testid="tl-commit">
      <p className="success">
        {t("runs.timeline.committed", { n })} <Link href={chatHref}>{t("runs.timeline.seeInChat")}</Link>
      </p>
      {canRevert && !confirming && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setConfirming(true)}>
          {t("runs.timeline.revert")}
        </button>
      )}
      {canRevert && confirming && (
        <div className="tl-confirm" role="group" aria-label={t("runs.timeline.revert")}>
          <p>{t("runs.timeline.revertConfirm", { n })}</p>
          <BusyButton variant="danger" busy={revert.busy} onClick={() => void revert.run()}>
            {t("runs.timeline.revertYes")}
          </BusyButton>{" "}
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
            {t("runs.timeline.revertNo")}
          </button>
        </div>
      )}
      <ErrorNote error={revert.error} />
    </div>
  );
}
