/**
 * A unified diff (the workspace diff route's `diff` text) as coloured lines: additions, deletions,
 * hunk headers; plain text only. `UnifiedDiff` renders one file's text; `FileDiffCard` a file entry
 * of the diff route with its counts, or a note when it was too large to show.
 */
import { useTranslation } from "react-i18next";
import { diffLines } from "./diff-lines";
import type { FileDiff } from "./timeline-api";

export function UnifiedDiff({ text }: { text: string }) {
  const lines = diffLines(text);
  // An empty file's diff has no lines: no empty box.
  if (lines.length === 0) return null;
  return (
    <pre className="diff" data-testid="diff">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity but their position
        <span key={i} className={`diff-line diff-${line.kind}`}>
          {line.text}
          {"\n"}
        </span>
      ))}
    </pre>
  );
}

export function FileDiffCard({ file }: { file: FileDiff }) {
  const { t } = useTranslation();
  return (
    <div className="file-diff" data-path={file.path}>
      <p className="file-diff-head">
        <code>{file.path}</code>{" "}
        <span className={`diff-status diff-status-${file.status}`}>{t(`runs.timeline.diffStatus.${file.status}`)}</span>
        {/* A diff too large to compute has no counts; "+0 −0" would say nothing changed. */}
        {(file.diff !== null || file.additions + file.deletions > 0) && (
          <>
            {" "}
            <span className="diff-add-count">+{file.additions}</span>{" "}
            <span className="diff-del-count">−{file.deletions}</span>
          </>
        )}
      </p>
      {file.diff !== null ? (
        <UnifiedDiff text={file.diff} />
      ) : (
        <p className="muted">{t("runs.timeline.diffTooLarge")}</p>
      )}
    </div>
  );
}
