/**
 * `/runs/<runId>` (ADR 1502, issue [web-timeline]): the run's status (live) and what it waits on,
 * a failed run's summary with "Run again", what it worked on (the chat by name), its committed
 * message, Cancel and the guidance box while it runs, the timeline (rounds, narration streamed
 * live, tool calls with arguments and results, inline diffs, commits), the workspace browser and
 * the journal line by line.
 */
import { DEFAULT_WRITER_ID } from "../profiles/types";
import { Trans, useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { formatCount, formatWhen } from "../i18n/format";
import { Link } from "../shell/Link";
import { useAction } from "../state/use-action";
import { JournalList } from "./JournalList";
import { FailureSummary } from "./timeline/FailureSummary";
import { GuidanceBox } from "./timeline/GuidanceBox";
import { Timeline, useTimeline } from "./timeline/Timeline";
import { TimelineEnvContext } from "./timeline/timeline-env";
import { useTimelineEnvValue } from "./timeline/use-timeline-env";
import { useModelStream } from "./timeline/use-model-stream";
import { WorkspaceBrowser } from "./timeline/WorkspaceBrowser";
import { useState } from "react";
import { RunStatusBadge } from "./RunStatusBadge";
import { WaitingNote } from "./WaitingNote";
import { isTerminal } from "./types";
import { useRun } from "./use-run";
import { useProfileNames } from "./use-profiles";
import { useRunsApi } from "./use-runs-api";

export function RunPage({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const runs = useRunsApi();
  const profileName = useProfileNames();
  const { summary, setSummary, events, error } = useRun(runId);
  const cancel = useAction(async () => {
    const handle = await runs.cancel(runId);
    setSummary((s) => (s ? { ...s, status: handle.status } : s));
  });
  const chatHref = summary ? `/chats/${encodeURIComponent(summary.stableChatId)}` : "/chats";
  const timeline = useTimeline(events);
  const active = summary !== null && !isTerminal(summary.status);
  const live = useModelStream(runId, active);
  const env = useTimelineEnvValue(runId, timeline, live, active);
  const [showWorkspace, setShowWorkspace] = useState(false);
  const failed = summary !== null && (summary.status === "failed" || summary.status === "partial_success");
  const accepting = active && summary.status !== "cancelling" && summary.status !== "finishing";
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
      {summary && failed && <FailureSummary summary={summary} timeline={timeline} />}
      {summary && (
        <div className="card run-facts">
          <dl>
            <div>
              <dt>{t("runs.page.chat")}</dt>
              <dd>
                <Link href={chatHref}>
                  {summary.chatTitle ??
                    (summary.chatTitle === null ? t("runs.page.chatDeleted") : t("runs.page.openChat"))}
                </Link>
              </dd>
            </div>
            <div>
              <dt>{t("runs.page.profile")}</dt>
              <dd data-testid="run-profile">{profileName(summary.profileId ?? DEFAULT_WRITER_ID)}</dd>
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
      {summary && accepting && <GuidanceBox runId={runId} />}
      {summary?.slimmedAt && (
        <p className="card muted" data-testid="run-slimmed">
          {t("runs.timeline.slimmed")}
        </p>
      )}
      <TimelineEnvContext.Provider value={env}>
        <Timeline
          runId={runId}
          timeline={timeline}
          live={live}
          active={active}
          chatHref={chatHref}
          canRevert={summary !== null && isTerminal(summary.status)}
        />
        {summary && !summary.slimmedAt && (
          <details className="card" onToggle={(e) => setShowWorkspace((e.currentTarget as HTMLDetailsElement).open)}>
            <summary>
              <strong>{t("runs.workspace.title")}</strong>
            </summary>
            {showWorkspace && (
              <WorkspaceBrowser
                runId={runId}
                version={timeline.checkpoints.length}
                canRestore={isTerminal(summary.status)}
              />
            )}
          </details>
        )}
        <JournalList events={events} invocations={timeline.invocations} />
      </TimelineEnvContext.Provider>
    </section>
  );
}
