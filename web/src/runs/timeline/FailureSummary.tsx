/**
 * What went wrong with a failed (or partly done) run, first on its page: the code and the sentence
 * of its failure and "Run again" — a new run with the same profile, connection and generation type
 * from the chat as it is now (the server builds the prompt); it opens the new run's page.
 */
import { useTranslation } from "react-i18next";
import { BusyButton } from "../../components/BusyButton";
import { ErrorText } from "../../components/ErrorNote";
import { navigate } from "../../shell/router";
import { useAction } from "../../state/use-action";
import type { RunSummary } from "../types";
import { useRunsApi } from "../use-runs-api";
import type { Timeline } from "./timeline-model";

const RUNNABLE = new Set(["normal", "regenerate", "swipe", "continue"]);

export function FailureSummary({ summary, timeline }: { summary: RunSummary; timeline: Timeline }) {
  const { t } = useTranslation();
  const runs = useRunsApi();
  const again = useAction(async () => {
    const handle = await runs.start({
      stableChatId: summary.stableChatId,
      // A run's generation type is one a run can start with; others (impersonate, quiet) fall back to normal.
      generationType: RUNNABLE.has(summary.generationType)
        ? (summary.generationType as "normal" | "regenerate" | "swipe" | "continue")
        : "normal",
      ...(summary.profileId ? { profileId: summary.profileId } : {}),
      ...(timeline.connectionId ? { connectionId: timeline.connectionId } : {}),
    });
    navigate(`/runs/${encodeURIComponent(handle.runId)}`);
  });
  const failure = timeline.failure;
  return (
    <section className="card failure-summary" data-testid="failure-summary" aria-labelledby="failure-title">
      <h2 id="failure-title">
        {t(summary.status === "partial_success" ? "runs.timeline.partialTitle" : "runs.timeline.failedTitle")}
      </h2>
      {failure ? (
        <p className="tl-error">
          <ErrorText error={failure} codeTestId="failure-code" />
        </p>
      ) : (
        <p className="muted">{t("runs.timeline.failedUnknown")}</p>
      )}
      <BusyButton
        variant="primary"
        busy={again.busy}
        busyLabel={t("runs.panel.starting")}
        onClick={() => void again.run()}
      >
        {t("runs.timeline.runAgain")}
      </BusyButton>
    </section>
  );
}
