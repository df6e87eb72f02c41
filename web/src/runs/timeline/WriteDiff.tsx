/**
 * One workspace write or patch of a tool call as an inline diff: the checkpoint diff from the
 * checkpoint before it to the one the write made, only that file; the run's first checkpoint shows
 * the file as added (or, past the diff route's budget, says it is too large to show). Loads when shown, and again when the write's checkpoint becomes known: the
 * write event arrives before its `checkpoint_created`, and a timeline drawn between the two (a page
 * opened mid-backlog, a slow socket) used to keep an empty diff for good.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNote } from "../../components/ErrorNote";
import { latestAnswerGate } from "../../state/latest-answer";
import { useAction } from "../../state/use-action";
import { AddedFile, FileDiffCard } from "./DiffView";
import type { FileDiff } from "./timeline-api";
import type { TimelineWrite } from "./timeline-model";
import { useTimelineApi } from "./use-timeline-api";

/** Longest new file shown whole, UTF-16 units: the diff route's own budget (DIFF_MAX_TOTAL). */
const MAX_ADDED_CHARS = 1_000_000;

export function WriteDiff({ runId, write, before }: { runId: string; write: TimelineWrite; before: string | null }) {
  const { t } = useTranslation();
  const api = useTimelineApi();
  const [diff, setDiff] = useState<FileDiff | "none" | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  // Known from the write's event, so a file this large is not even fetched.
  const tooLarge = before === null && (write.chars ?? 0) > MAX_ADDED_CHARS;
  const gate = useRef(latestAnswerGate()).current;
  const load = useAction(
    async () => {
      const isLatest = gate.begin();
      if (!write.checkpointId) return;
      if (before === null) {
        if (tooLarge) return;
        const { content } = await api.file(runId, write.path, write.checkpointId);
        if (isLatest()) setAdded(content.length > MAX_ADDED_CHARS ? null : content);
        return;
      }
      const answer = await api.diff(runId, before, write.checkpointId);
      if (isLatest()) setDiff(answer.files.find((f) => f.path === write.path) ?? "none");
    },
    { toastErrors: false },
  );
  const { run } = load;
  const { checkpointId } = write;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` reads the latest props; it must run again when they change
  useEffect(() => {
    void run();
  }, [run, checkpointId, before]);
  return (
    <div className="write-diff" data-testid="write-diff" data-path={write.path}>
      <p className="write-head">
        {t(write.kind === "write" ? "runs.timeline.wrote" : "runs.timeline.patched", { path: write.path })}
      </p>
      <ErrorNote error={load.error} />
      {load.busy && <span className="spinner" aria-hidden="true" />}
      {tooLarge && <p className="muted">{t("runs.timeline.diffTooLarge")}</p>}
      {added !== null && <AddedFile path={write.path} text={added} />}
      {diff === "none" && <p className="muted">{t("runs.timeline.noChange")}</p>}
      {diff !== null && diff !== "none" && <FileDiffCard file={diff} />}
    </div>
  );
}
