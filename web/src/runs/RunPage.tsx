/**
 * `/runs/<runId>`: the run's status (live), what it worked on, its committed message, Cancel
 * (POST /api/v1/agent/runs/:runId/cancel) while it runs, and the live journal.
 */
import { profileName } from "../profiles/profile-name";
import { DEFAULT_WRITER_ID } from "../profiles/types";
import { Trans, useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { formatCount, formatWhen } from "../i18n/format";
import { Link } from "../shell/Link";
import { useAction } from "../state/use-action";
import { JournalList } from "./JournalList";
import { RunStatusBadge } from "./RunStatusBadge";
import { WaitingNote } from "./WaitingNote";
import { isTerminal } from "./types";
import { useRun } from "./use-run";
import { useRunsApi } from "./use-runs-api";

export function RunPage({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const runs = useRunsApi();
  const { summary, setSummary, events, error } = useRun(runId);
  const cancel = useAction(async () => {
    const handle = await runs.cancel(runId);
    setSummary((s) => (s ? { ...s, status: handle.status } : s));
  });
  const chatHref = summary ? `/chats/${encodeURIComponent(summary.stableChatId)}` : "/chats";
  return (
    <section className="screen run-page" aria-labelledby="screen-title">
      <Link href="/runs" className="back-link">
        {t("runs.page.back")}
      </Link>
      <div className="run-title">
        <h1 id="screen-title">{t("runs.page.title")}</h1>
        {summary && (
          <span role="status" aria-live="polite">
            <RunStatusBadge status={summary.status} /> <WaitingNote waitingOn={summary.waitingOn} />
          </span>
        )}
      </div>
      <ErrorNote error={error} />
      {summary && (
        <div className="card run-facts">
          <dl>
            <div>
              <dt>{t("runs.page.chat")}</dt>
              <dd>
                <Link href={chatHref}>{t("runs.page.openChat")}</Link>
              </dd>
            </div>
            <div>
              <dt>{t("runs.page.profile")}</dt>
              <dd>{profileName(t, summary.profileId ?? DEFAULT_WRITER_ID)}</dd>
            </div>
            <div>
              <dt>{t("runs.page.started")}</dt>
              <dd>{formatWhen(summary.createdAt)}</dd>
            </div>
            {summary.terminalAt && (
              <div>
                <dt>{t("runs.page.ended")}</dt>
                <dd>{formatWhen(summary.terminalAt)}</dd>
              </div>
            )}
            <div>
              <dt>{t("runs.page.commits")}</dt>
              <dd>{formatCount(summary.commitCount)}</dd>
            </div>
          </dl>
          {summary.committedMessage && (
            <p className="success" data-testid="run-committed">
              <Trans
                i18nKey="runs.page.committed"
                values={{ n: (summary.committedMessage.messageIndex ?? 0) + 1 }}
                components={{ a: <Link href={chatHref} /> }}
              />
            </p>
          )}
          {!isTerminal(summary.status) && (
            <BusyButton
              variant="danger"
              busy={cancel.busy || summary.status === "cancelling"}
              busyLabel={t("runs.page.cancelling")}
              onClick={() => void cancel.run()}
            >
              {t("runs.page.cancel")}
            </BusyButton>
          )}
        </div>
      )}
      <JournalList events={events} />
    </section>
  );
}
