/**
 * Import a skill: choose or drop a `.zip` / `.ttskill` (or a `SKILL.md`), pick who can use it, see
 * the preview (name, files, hash, warnings, conflict), then install. A `different` conflict offers
 * "Replace the installed one" or "Keep the installed one" (skip); a `same` one says it is already
 * installed. Refusals show the localized error, the server's message and the code (zip bomb,
 * traversal, bad frontmatter…). Warnings are the server's sentences (data, shown as sent).
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { FileDrop } from "../components/FileDrop";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { ScopePicker } from "./ScopePicker";
import { formatBytes, scopeLabel } from "./scope";
import { previewSkillFile } from "./skills-api";
import type { SkillPreview } from "./types";
import { useSkillsApi } from "./use-skills";

export function ImportSkill() {
  const { t } = useTranslation();
  const services = useServices();
  const skills = useSkillsApi();
  const { show } = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [scope, setScope] = useState("global");
  const [preview, setPreview] = useState<SkillPreview | null>(null);
  const [failure, setFailure] = useState<{ code: string; message: string } | null>(null);
  // The file behind the preview: a scope change previews it again, so the preview (its target and
  // conflict) always matches the scope the picker shows.
  const [file, setFile] = useState<File | null>(null);

  const check = useAction(
    async (chosen: File, target: string) => {
      setPreview(null);
      setFailure(null);
      try {
        setPreview(await previewSkillFile(services, chosen, target));
      } catch (error) {
        setFailure(describeError(error));
      }
    },
    { toastErrors: false },
  );
  const install = useAction(async (strategy?: "skip" | "replace") => {
    if (!preview) return;
    const result = await skills.install(preview.previewId, strategy);
    show({
      kind: "success",
      message: t(`skills.import.done.${result.action}`, { name: result.name, scope: scopeLabel(t, result.scope) }),
    });
    clear();
  });

  const clear = () => {
    setPreview(null);
    setFile(null);
    if (input.current) input.current.value = "";
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    void check.run(chosen, scope);
  };
  // A scope changed after the preview makes it stale (its target and conflict are for the old
  // scope): install is withheld until the file is previewed again for the scope now shown.
  const stale = preview !== null && preview.targetScope !== scope;

  return (
    <section className="card skill-import" aria-labelledby="skill-import-title">
      <h2 id="skill-import-title">{t("skills.import.title")}</h2>
      <ScopePicker scope={scope} onChange={setScope} />
      <FileDrop
        label={t("skills.import.drop")}
        help={t("skills.import.help")}
        accept=".zip,.ttskill,.md,application/zip"
        onFile={choose}
        inputRef={input}
      />
      {check.busy && <p role="status">{t("skills.import.checking")}</p>}
      {failure && <ErrorNote error={failure} />}
      {preview && (
        <section className="skill-preview" aria-label={t("skills.import.previewLabel", { name: preview.name })}>
          <h3>
            {preview.name}{" "}
            <small className="muted">{t("skills.import.target", { scope: scopeLabel(t, preview.targetScope) })}</small>
          </h3>
          <p>{preview.description}</p>
          <p className="muted">
            {t("skills.import.summary", { count: preview.fileCount, size: formatBytes(preview.totalBytes) })} ·{" "}
            {t("skills.import.hash")} <code>{preview.hash.slice(0, 12)}</code>
          </p>
          {preview.warnings.length > 0 && (
            <ul className="skill-warnings">
              {preview.warnings.map((w) => (
                <li key={`${w.code}:${w.path ?? ""}`}>{w.message}</li>
              ))}
            </ul>
          )}
          <details>
            <summary>{t("skills.import.files")}</summary>
            <ul className="skill-files">
              {preview.files.map((f) => (
                <li key={f.path}>
                  <code>{f.path}</code> <small className="muted">{formatBytes(f.sizeBytes)}</small>
                </li>
              ))}
            </ul>
          </details>
          {stale ? (
            <div className="row" role="group" aria-label={t("skills.import.staleGroup")}>
              <p role="alert">{t("skills.import.stale", { scope: scopeLabel(t, scope) })}</p>
              <BusyButton
                variant="primary"
                busy={check.busy}
                busyLabel={t("skills.import.checking")}
                onClick={() => file && void check.run(file, scope)}
              >
                {t("skills.import.previewAgain")}
              </BusyButton>
            </div>
          ) : preview.conflict.kind === "different" ? (
            <div className="confirm" role="group" aria-label={t("skills.import.conflictGroup")}>
              <p role="alert">
                {t("skills.import.conflict", { name: preview.name, scope: scopeLabel(t, preview.targetScope) })}
              </p>
              <div className="row">
                <BusyButton
                  variant="danger"
                  busy={install.busy}
                  busyLabel={t("skills.import.replacing")}
                  onClick={() => void install.run("replace")}
                >
                  {t("skills.import.replace")}
                </BusyButton>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={install.busy}
                  onClick={() => void install.run("skip")}
                >
                  {t("skills.import.keep")}
                </button>
              </div>
            </div>
          ) : (
            <div className="row">
              <BusyButton
                variant="primary"
                busy={install.busy}
                busyLabel={t("skills.import.installing")}
                onClick={() => void install.run()}
              >
                {preview.conflict.kind === "same" ? t("skills.import.alreadyInstalled") : t("skills.import.install")}
              </BusyButton>
              <button type="button" className="btn btn-secondary" onClick={clear}>
                {t("skills.import.cancel")}
              </button>
            </div>
          )}
        </section>
      )}
    </section>
  );
}
