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
import { addedFileDiff } from "./diff-lines";
import { AddedFile, FileDiffCard } from "./DiffView";
import type { FileDiff } from "./timeline-api";
import type { TimelineWrite } from "./timeline-model";
import { useTimelineApi } from "./use-timeline-api";

/**
 * The diff route's own limits, so a first write shows what "Compare two checkpoints" would: diff
 * text up to 1,000,000 UTF-16 units (DIFF_MAX_TOTAL) and at most 1,500 changed lines
 * (DEFAULT_MAX_EDITS of src/domain/workspace/line-diff.ts).
 */
const MAX_ADDED_CHARS = 1_000_000;
const MAX_ADDED_LINES = 1_500;

export function WriteDiff({ runId, write, before }: { runId: string; write: TimelineWrite; before: string | null }) {
  const { t } = useTranslation();
  const api = useTimelineApi();
  const [diff, setDiff] = useState<FileDiff | "none" | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [addedTooLarge, setAddedTooLarge] = useState(false);
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
        if (!isLatest()) return;
        const shown = addedFileDiff(content);
        const large = shown.lineCount > MAX_ADDED_LINES || shown.text.length > MAX_ADDED_CHARS;
        setAddedTooLarge(large);
        setAdded(large ? null : content);
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
      {(tooLarge || addedTooLarge) && <p className="muted">{t("runs.timeline.diffTooLarge")}</p>}
      {added !== null && <AddedFile path={write.path} text={added} />}
      {diff === "none" && <p className="muted">{t("runs.timeline.noChange")}</p>}
      {diff !== null && diff !== "none" && <FileDiffCard file={diff} />}
    </div>
  );
}
