/**
 * One workspace write or patch of a tool call as an inline diff: the checkpoint diff from the
 * checkpoint before it to the one the write made, only that file; a run's first write is diffed from
 * the files the run started from (`start`: its persistent files), so a file it creates reads as new
 * and a persistent file it changes as changed, with the diff route's own limits. Loads when shown,
 * and again when the write's checkpoint becomes known: the write event arrives before its
 * `checkpoint_created`, and a timeline drawn between the two (a page opened mid-backlog, a slow
 * socket) used to keep an empty diff for good.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNote } from "../../components/ErrorNote";
import { latestAnswerGate } from "../../state/latest-answer";
import { useAction } from "../../state/use-action";
import { FileDiffCard } from "./DiffView";
import type { FileDiff } from "./timeline-api";
import type { TimelineWrite } from "./timeline-model";
import { useTimelineApi } from "./use-timeline-api";

/** `from` of the diff of a run's first write: the files the run started from (RUN_START_ID). */
const RUN_START = "start";

export function WriteDiff({ runId, write, before }: { runId: string; write: TimelineWrite; before: string | null }) {
  const { t } = useTranslation();
  const api = useTimelineApi();
  const [diff, setDiff] = useState<FileDiff | "none" | null>(null);
  const gate = useRef(latestAnswerGate()).current;
  const load = useAction(
    async () => {
      const isLatest = gate.begin();
      if (!write.checkpointId) return;
      const answer = await api.diff(runId, before ?? RUN_START, write.checkpointId);
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
      {diff === "none" && <p className="muted">{t("runs.timeline.noChange")}</p>}
      {diff !== null && diff !== "none" && <FileDiffCard file={diff} />}
    </div>
  );
}
