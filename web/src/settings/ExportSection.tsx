/**
 * Settings → "Export everything" (docs/spec/data-portability.md §1–2): runs are included unless
 * unticked; secrets only when ticked, with a passphrase typed twice (at least 8 characters, never
 * stored). Progress comes live from `export.progress`; a ready export downloads as one .zip. After
 * a reload the newest unexpired export (`GET /export`) is shown again with its status.
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { dataApi, downloadArchive } from "./data-api";
import { JobProgress } from "./JobProgress";
import type { ExportView } from "./types";
import { useJob } from "./use-job";

const MIN_PASSPHRASE = 8;

export function ExportSection() {
  const { t } = useTranslation();
  const services = useServices();
  const api = useMemo(() => dataApi(services.api), [services.api]);
  const [includeRuns, setIncludeRuns] = useState(true);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [passphrase, setPassphrase] = useState("");
  const [repeat, setRepeat] = useState("");
  const job = useJob<ExportView>("export.progress", (f) => f.exportId, api.getExport);
  const start = useAction(async () => {
    const view = await api.startExport({
      includeRuns,
      includeSecrets,
      ...(includeSecrets ? { passphrase } : {}),
    });
    setPassphrase("");
    setRepeat("");
    job.follow(view.exportId, view);
  });
  const { resume } = job;
  // After a reload (or on another device) the newest export is shown again, running or ready.
  useEffect(() => {
    let live = true;
    api
      .listExports()
      .then(({ exports }) => {
        const latest = exports[0];
        if (live && latest) resume(latest.exportId, latest);
      })
      .catch(() => {
        /* the section still starts new exports */
      });
    return () => {
      live = false;
    };
  }, [api, resume]);
  const download = useAction(async (exportId: string) => downloadArchive(services, exportId));

  const passphraseProblem = !includeSecrets
    ? null
    : passphrase.length < MIN_PASSPHRASE
      ? t("settings.export.passphraseShort", { count: MIN_PASSPHRASE })
      : passphrase !== repeat
        ? t("settings.export.passphraseMismatch")
        : null;
  const view = job.view;
  const running = view?.status === "running";

  return (
    <section className="card" aria-labelledby="settings-export-title">
      <h2 id="settings-export-title">{t("settings.export.title")}</h2>
      <p className="muted">{t("settings.export.intro")}</p>
      <label className="check">
        <input type="checkbox" checked={includeRuns} onChange={(e) => setIncludeRuns(e.target.checked)} />
        {t("settings.export.includeRuns")}
      </label>
      <label className="check">
        <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />
        {t("settings.export.includeSecrets")}
      </label>
      {includeSecrets ? (
        <div className="field-group">
          <p className="muted">{t("settings.export.secretsHint")}</p>
          <label className="field">
            {t("settings.export.passphrase")}
            <input
              type="password"
              autoComplete="new-password"
              value={passphrase}
              onChange={(e) => setPassphrase(e.target.value)}
            />
          </label>
          <label className="field">
            {t("settings.export.passphraseRepeat")}
            <input
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
          </label>
          {passphraseProblem && <p className="muted">{passphraseProblem}</p>}
        </div>
      ) : (
        <p className="muted">{t("settings.export.noSecrets")}</p>
      )}
      <BusyButton
        variant="primary"
        busy={start.busy || running}
        busyLabel={t("settings.export.running")}
        disabled={passphraseProblem !== null}
        onClick={() => void start.run()}
      >
        {t("settings.export.start")}
      </BusyButton>
      {view && (
        <div className="job" role="status">
          <JobProgress done={view.done} total={view.total} label={t("settings.export.progressLabel")} />
          {view.status === "ready" && (
            <p>
              {t("settings.export.ready")}{" "}
              {t("settings.export.kept", { date: new Date(view.expiresAt).toLocaleString() })}{" "}
              <BusyButton
                busy={download.busy}
                busyLabel={t("settings.export.downloading")}
                onClick={() => void download.run(view.exportId)}
              >
                {t("settings.export.download")}
              </BusyButton>
            </p>
          )}
          {view.status === "failed" && view.error && <ErrorNote error={view.error} />}
        </div>
      )}
    </section>
  );
}
