/**
 * The run's workspace at any checkpoint (docs/spec/workspace.md §2): pick a checkpoint (or the
 * live workspace), see its files by folder, open one, and compare any two checkpoints as diffs.
 * Loads when opened; a slimmed run answers `agent.run_slimmed`, shown as such.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../../components/BusyButton";
import { ErrorNote } from "../../components/ErrorNote";
import { SelectField } from "../../components/SelectField";
import { formatCount, formatTime } from "../../i18n/format";
import { useAction } from "../../state/use-action";
import { FileDiffCard } from "./DiffView";
import { LongText } from "./LongText";
import type { CheckpointView, DiffView, FileView, TreeView } from "./timeline-api";
import { useTimelineApi } from "./use-timeline-api";

const LIVE = "";

export function WorkspaceBrowser({
  runId,
  version,
  canRestore,
}: {
  runId: string;
  version: number;
  /** The run has ended: a checkpoint's persist/ files may become the chat's next starting point. */
  canRestore: boolean;
}) {
  const { t } = useTranslation();
  const api = useTimelineApi();
  const [checkpoints, setCheckpoints] = useState<CheckpointView[] | null>(null);
  const [at, setAt] = useState(LIVE);
  const [tree, setTree] = useState<TreeView | null>(null);
  const [file, setFile] = useState<FileView | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [diff, setDiff] = useState<DiffView | null>(null);
  const list = useAction(async () => setCheckpoints(await api.checkpoints(runId)), { toastErrors: false });
  const loadTree = useAction(async (id: string) => setTree(await api.tree(runId, id || null)), { toastErrors: false });
  const open = useAction(async (path: string) => setFile(await api.file(runId, path, at || null)), {
    toastErrors: false,
  });
  const [restored, setRestored] = useState<{ checkpointId: string; count: number } | null>(null);
  const restore = useAction(
    async () => {
      const answer = await api.restorePersist(runId, at);
      setRestored({ checkpointId: answer.checkpointId, count: answer.files.length });
    },
    { toastErrors: false },
  );
  const compare = useAction(async () => setDiff(await api.diff(runId, from, to)), { toastErrors: false });
  const { run: runList } = list;
  const { run: runTree } = loadTree;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the run made a new checkpoint (version)
  useEffect(() => {
    void runList();
  }, [runList, version]);
  useEffect(() => {
    setFile(null);
    void runTree(at);
  }, [runTree, at]);
  useEffect(() => {
    if (!checkpoints || checkpoints.length === 0) return;
    setFrom((f) => f || checkpoints[0]!.id);
    setTo((v) => v || checkpoints[checkpoints.length - 1]!.id);
  }, [checkpoints]);
  const label = (c: CheckpointView) =>
    t("runs.workspace.checkpointLabel", {
      id: c.id,
      reason: t(`runs.workspace.reason.${c.reason}`, { defaultValue: c.reason.replaceAll("_", " ") }),
      time: formatTime(c.createdAt),
    });
  return (
    <div className="workspace-browser" data-testid="workspace-browser">
      <ErrorNote error={list.error} />
      <SelectField label={t("runs.workspace.at")} value={at} onChange={(e) => setAt(e.target.value)}>
        <option value={LIVE}>{t("runs.workspace.live")}</option>
        {(checkpoints ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {label(c)}
          </option>
        ))}
      </SelectField>
      {canRestore && at !== LIVE && (
        <div className="ws-restore">
          <BusyButton busy={restore.busy} onClick={() => void restore.run()}>
            {t("runs.workspace.restore")}
          </BusyButton>
          <p className="muted">{t("runs.workspace.restoreHint")}</p>
          <ErrorNote error={restore.error} />
          {restored?.checkpointId === at && (
            <p className="success" role="status" data-testid="ws-restored">
              {t("runs.workspace.restored", { count: restored.count })}
            </p>
          )}
        </div>
      )}
      <ErrorNote error={loadTree.error} />
      {tree && tree.files.length === 0 && <p className="muted">{t("runs.workspace.noFiles")}</p>}
      {tree && tree.files.length > 0 && (
        <ul className="ws-tree" aria-label={t("runs.workspace.files")}>
          {tree.files.map((f) => (
            <li key={f.path}>
              <button
                type="button"
                className={`btn btn-ghost btn-small ws-file${file?.path === f.path ? " ws-file-open" : ""}`}
                onClick={() => void open.run(f.path)}
              >
                {f.path}
              </button>{" "}
              <span className="muted">{t("runs.workspace.bytes", { n: formatCount(f.bytes) })}</span>
            </li>
          ))}
        </ul>
      )}
      <ErrorNote error={open.error} />
      {file && (
        <div className="ws-file-view" data-testid="ws-file-view">
          <h4>
            <code>{file.path}</code>
          </h4>
          <LongText text={file.content} limit={4000} />
        </div>
      )}
      {checkpoints && checkpoints.length > 1 && (
        <div className="ws-compare">
          <h4>{t("runs.workspace.compare")}</h4>
          <div className="row">
            <SelectField label={t("runs.workspace.from")} value={from} onChange={(e) => setFrom(e.target.value)}>
              {checkpoints.map((c) => (
                <option key={c.id} value={c.id}>
                  {label(c)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t("runs.workspace.to")} value={to} onChange={(e) => setTo(e.target.value)}>
              {checkpoints.map((c) => (
                <option key={c.id} value={c.id}>
                  {label(c)}
                </option>
              ))}
            </SelectField>
          </div>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void compare.run()}
            disabled={compare.busy || !from || !to || from === to}
          >
            {t("runs.workspace.showDiff")}
          </button>
          <ErrorNote error={compare.error} />
          {diff && diff.files.length === 0 && <p className="muted">{t("runs.workspace.same")}</p>}
          {diff?.files.map((f) => (
            <FileDiffCard key={f.path} file={f} />
          ))}
        </div>
      )}
    </div>
  );
}
