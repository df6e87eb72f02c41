/**
 * `/runs/<runId>`: the run's status (live), what it worked on, its committed message, Cancel
 * (POST /api/v1/agent/runs/:runId/cancel) while it runs, and the live journal.
 */
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { formatWhen } from "../chats/format";
import { Link } from "../shell/Link";
import { useAction } from "../state/use-action";
import { JournalList } from "./JournalList";
import { RunStatusBadge } from "./RunStatusBadge";
import { isTerminal } from "./types";
import { useRun } from "./use-run";
import { useRunsApi } from "./use-runs-api";

export function RunPage({ runId }: { runId: string }) {
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
        ← All runs
      </Link>
      <div className="run-title">
        <h1 id="screen-title">Agent run</h1>
        {summary && (
          <span role="status" aria-live="polite">
            <RunStatusBadge status={summary.status} />
          </span>
        )}
      </div>
      <ErrorNote error={error} />
      {summary && (
        <div className="card run-facts">
          <dl>
            <div>
              <dt>Chat</dt>
              <dd>
                <Link href={chatHref}>Open the chat</Link>
              </dd>
            </div>
            <div>
              <dt>Profile</dt>
              <dd>{summary.profileId ?? "default-writer"}</dd>
            </div>
            <div>
              <dt>Started</dt>
              <dd>{formatWhen(summary.createdAt)}</dd>
            </div>
            {summary.terminalAt && (
              <div>
                <dt>Ended</dt>
                <dd>{formatWhen(summary.terminalAt)}</dd>
              </div>
            )}
            <div>
              <dt>Commits</dt>
              <dd>{summary.commitCount}</dd>
            </div>
          </dl>
          {summary.committedMessage && (
            <p className="success" data-testid="run-committed">
              Committed message #{(summary.committedMessage.messageIndex ?? 0) + 1} to the chat.{" "}
              <Link href={chatHref}>See it in the chat</Link>.
            </p>
          )}
          {!isTerminal(summary.status) && (
            <BusyButton
              variant="danger"
              busy={cancel.busy || summary.status === "cancelling"}
              busyLabel="Cancelling…"
              onClick={() => void cancel.run()}
            >
              Cancel run
            </BusyButton>
          )}
        </div>
      )}
      <JournalList events={events} />
    </section>
  );
}
