/**
 * Settings → "Restore from a file" (docs/spec/data-portability.md §3): choose an archive (and type
 * its passphrase when it holds secrets), see the preview (items by kind, what exists here, kinds
 * this server does not know), choose what happens to existing items (keep both: copies under new
 * ids, the default; skip; replace), restore, and read the report (refused items with their
 * reason, remapped items old → new). A small archive's report comes with the answer to the
 * restore request; a larger one follows through `restore.progress` frames. A refused archive
 * shows the localized error and code.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote, ErrorText } from "../components/ErrorNote";
import { formatWhen } from "../i18n/format";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { dataApi, previewArchive } from "./data-api";
import { JobProgress } from "./JobProgress";
import type { RestorePreview, RestoreView } from "./types";
import { useJob } from "./use-job";

export function RestoreSection() {
  const { t } = useTranslation();
  const services = useServices();
  const api = useMemo(() => dataApi(services.api), [services.api]);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState("");
  const [preview, setPreview] = useState<RestorePreview | null>(null);
  const [failure, setFailure] = useState<{ code: string; message: string; details?: unknown } | null>(null);
  const [strategy, setStrategy] = useState<"merge" | "skip" | "replace">("merge");
  const job = useJob<RestoreView>("restore.progress", (f) => f.restoreId, api.getRestore);

  const { resume } = job;
  // After a reload (or on another device) the newest restore that ran shows its progress or report.
  useEffect(() => {
    let live = true;
    api
      .listRestores()
      .then(({ restores }) => {
        const latest = restores[0];
        if (live && latest) resume(latest.restoreId, latest);
      })
      .catch(() => {
        /* the section still checks new files */
      });
    return () => {
      live = false;
    };
  }, [api, resume]);
  const check = useAction(
    async () => {
      if (!file) return;
      setPreview(null);
      setFailure(null);
      job.reset();
      try {
        setPreview(await previewArchive(services, file, passphrase));
      } catch (error) {
        setFailure(describeError(error));
      }
    },
    { toastErrors: false },
  );
  const restore = useAction(async () => {
    if (!preview) return;
    const view = await api.startRestore(preview.restoreId, strategy);
    job.follow(preview.restoreId, view);
    setPreview(null);
    setPassphrase("");
  });
  const clear = () => {
    setFile(null);
    setPreview(null);
    setFailure(null);
    if (input.current) input.current.value = "";
  };

  const view = job.view;
  const report = view?.report ?? null;

  return (
    <section className="card" aria-labelledby="settings-restore-title">
      <h2 id="settings-restore-title">{t("settings.restore.title")}</h2>
      <p className="muted">{t("settings.restore.intro")}</p>
      <label className="field">
        {t("settings.restore.file")}
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setPreview(null);
            setFailure(null);
          }}
        />
      </label>
      <label className="field">
        {t("settings.restore.passphrase")}
        <input type="password" autoComplete="off" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
      </label>
      <small className="muted">{t("settings.restore.passphraseHint")}</small>
      <div className="row">
        <BusyButton
          variant="primary"
          busy={check.busy}
          busyLabel={t("settings.restore.checking")}
          disabled={!file}
          onClick={() => void check.run()}
        >
          {t("settings.restore.preview")}
        </BusyButton>
        {file && (
          <button type="button" className="btn btn-secondary" onClick={clear}>
            {t("common.cancel")}
          </button>
        )}
      </div>
      {failure && <ErrorNote error={failure} />}
      {preview && (
        <section className="restore-preview" aria-label={t("settings.restore.previewLabel")}>
          <h3>{t("settings.restore.previewTitle", { date: formatWhen(preview.exportedAt) })}</h3>
          <ul>
            {Object.entries(preview.counts).map(([kind, count]) => (
              <li key={kind}>
                {t(`settings.kinds.${kind}`, { defaultValue: kind })}: {count}
              </li>
            ))}
          </ul>
          <p className="muted">
            {preview.includeSecrets ? t("settings.restore.withSecrets") : t("settings.restore.withoutSecrets")}
          </p>
          {preview.unknownKinds.length > 0 && (
            <p role="alert">{t("settings.restore.unknownKinds", { kinds: preview.unknownKinds.join(", ") })}</p>
          )}
          {preview.conflicts.length > 0 ? (
            <fieldset>
              <legend>{t("settings.restore.conflicts", { count: preview.conflicts.length })}</legend>
              <label className="check">
                <input type="radio" checked={strategy === "merge"} onChange={() => setStrategy("merge")} />
                {t("settings.restore.merge")}
              </label>
              {strategy === "merge" && <small className="muted">{t("settings.restore.mergeHint")}</small>}
              <label className="check">
                <input type="radio" checked={strategy === "skip"} onChange={() => setStrategy("skip")} />
                {t("settings.restore.skip")}
              </label>
              <label className="check">
                <input type="radio" checked={strategy === "replace"} onChange={() => setStrategy("replace")} />
                {t("settings.restore.replace")}
              </label>
            </fieldset>
          ) : (
            <p className="muted">{t("settings.restore.noConflicts")}</p>
          )}
          <BusyButton
            variant={strategy === "replace" && preview.conflicts.length > 0 ? "danger" : "primary"}
            busy={restore.busy}
            busyLabel={t("settings.restore.starting")}
            onClick={() => void restore.run()}
          >
            {t("settings.restore.start")}
          </BusyButton>
        </section>
      )}
      {view && (
        <div className="job" role="status">
          <JobProgress done={view.done} total={view.total} label={t("settings.restore.progressLabel")} />
          {view.status === "failed" && view.error && <ErrorNote error={view.error} />}
          {report && (
            <section aria-label={t("settings.restore.reportLabel")}>
              <p>
                {t("settings.restore.report", {
                  imported: report.imported,
                  replaced: report.replaced,
                  skipped: report.skipped,
                  refused: report.refused,
                })}
              </p>
              {report.remapped.length > 0 && (
                <details className="restore-remapped">
                  <summary>{t("settings.restore.remapped", { count: report.remapped.length })}</summary>
                  <ul>
                    {report.remapped.map((item) => (
                      <li key={`${item.kind}/${item.itemId}`}>
                        <strong>{t(`settings.kinds.${item.kind}`, { defaultValue: item.kind })}</strong>{" "}
                        <code>{item.itemId}</code> → <code>{item.newId}</code>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              {report.refused > 0 && (
                <ul className="restore-refused">
                  {report.items
                    .filter((item) => item.outcome === "refused")
                    .map((item) => (
                      <li key={`${item.kind}/${item.itemId}`}>
                        <strong>{t(`settings.kinds.${item.kind}`, { defaultValue: item.kind })}</strong>{" "}
                        <code>{item.itemId}</code>{" "}
                        <ErrorText error={{ code: item.code ?? "app.internal_error", message: item.message ?? "" }} />
                      </li>
                    ))}
                </ul>
              )}
            </section>
          )}
        </div>
      )}
    </section>
  );
}
