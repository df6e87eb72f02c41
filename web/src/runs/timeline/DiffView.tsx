/**
 * A unified diff (the workspace diff route's `diff` text) as coloured lines: additions, deletions,
 * hunk headers; plain text only. `UnifiedDiff` renders one file's text; `FileDiffCard` a file entry
 * of the diff route with its counts, or a note when it was too large to show.
 */
import { useTranslation } from "react-i18next";
import type { FileDiff } from "./timeline-api";

export function UnifiedDiff({ text }: { text: string }) {
  const lines = text.split("\n").filter((line) => !line.startsWith("---") && !line.startsWith("+++"));
  return (
    <pre className="diff" data-testid="diff">
      {lines.map((line, i) => {
        const kind = line.startsWith("@@")
          ? "hunk"
          : line.startsWith("+")
            ? "add"
            : line.startsWith("-")
              ? "del"
              : "ctx";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity but their position
          <span key={i} className={`diff-line diff-${kind}`}>
            {line}
            {"\n"}
          </span>
        );
      })}
    </pre>
  );
}

export function FileDiffCard({ file }: { file: FileDiff }) {
  const { t } = useTranslation();
  return (
    <div className="file-diff" data-path={file.path}>
      <p className="file-diff-head">
        <code>{file.path}</code>{" "}
        <span className={`diff-status diff-status-${file.status}`}>{t(`runs.timeline.diffStatus.${file.status}`)}</span>{" "}
        <span className="diff-add-count">+{file.additions}</span>{" "}
        <span className="diff-del-count">−{file.deletions}</span>
      </p>
      {file.diff !== null ? (
        <UnifiedDiff text={file.diff} />
      ) : (
        <p className="muted">{t("runs.timeline.diffTooLarge")}</p>
      )}
    </div>
  );
}

/** A whole new file as an all-added diff (the first checkpoint of a run has nothing before it). */
export function AddedFile({ text }: { text: string }) {
  return (
    <UnifiedDiff
      text={text
        .split("\n")
        .map((line) => `+${line}`)
        .join("\n")}
    />
  );
}
