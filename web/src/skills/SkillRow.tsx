/**
 * One installed skill: name, description, scope and size; "Open" shows its files (text files
 * readable in place as plain text, binary ones as downloads), export, move to another scope and
 * delete (with confirmation).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { ScopePicker } from "./ScopePicker";
import { formatBytes, scopeLabel } from "./scope";
import { downloadSkillFile, exportSkill, readSkillText } from "./skills-api";
import type { SkillEntry, SkillFile } from "./types";
import { useSkillsApi } from "./use-skills";

export function SkillRow({ skill }: { skill: SkillEntry }) {
  const { t } = useTranslation();
  const services = useServices();
  const skills = useSkillsApi();
  const { show } = useToasts();
  const [files, setFiles] = useState<SkillFile[] | null>(null);
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<{ path: string; text: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const where = scopeLabel(t, skill.scope);
  const label = t("skills.row.label", { name: skill.name, scope: where });

  const load = useAction(async () => setFiles((await skills.get(skill.name, skill.scope)).files));
  const view = useAction(async (file: SkillFile) => {
    if (file.kind === "binary") return downloadSkillFile(services, skill.name, skill.scope, file.path);
    setViewing({ path: file.path, text: await readSkillText(services, skill.name, skill.scope, file.path) });
  });
  const exporter = useAction(() => exportSkill(services, skill.name, skill.scope));
  const remove = useAction(async () => {
    await skills.remove(skill.name, skill.scope);
    show({ kind: "success", message: t("skills.row.deleted", { name: skill.name }) });
  });
  const move = useAction(async (strategy?: "skip" | "replace") => {
    if (!moveTo) return;
    const result = await skills.move(skill.name, skill.scope, moveTo, strategy);
    show({ kind: "success", message: t("skills.row.moved", { name: skill.name, scope: scopeLabel(t, result.scope) }) });
    setMoveTo(null);
  });

  const toggle = () => {
    setOpen(!open);
    if (!open && files === null) void load.run();
  };

  return (
    <li className="card skill-row" aria-label={label}>
      <div className="skill-row-head">
        <div>
          <h3>{skill.displayName ?? skill.name}</h3>
          <p className="muted">
            <span className="badge">{where}</span> <code>{skill.name}</code> ·{" "}
            {t("skills.row.meta", { count: skill.fileCount, size: formatBytes(skill.totalBytes) })}
            {skill.hasScripts && <> · {t("skills.row.hasScripts")}</>}
          </p>
          <p>{skill.description}</p>
        </div>
        <button type="button" className="btn btn-secondary" aria-expanded={open} onClick={toggle}>
          {open ? t("skills.row.close") : t("skills.row.open")}
        </button>
      </div>
      {open && (
        <div className="skill-detail">
          {files && (
            <ul className="skill-files">
              {files.map((f) => (
                <li key={f.path}>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => void view.run(f)}>
                    {f.path}
                  </button>{" "}
                  <small className="muted">
                    {formatBytes(f.sizeBytes)}
                    {f.kind === "binary" && <> · {t("skills.row.download")}</>}
                  </small>
                </li>
              ))}
            </ul>
          )}
          {viewing && (
            <figure className="skill-viewer">
              <figcaption>
                {viewing.path}{" "}
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setViewing(null)}>
                  {t("skills.row.close")}
                </button>
              </figcaption>
              <pre>{viewing.text}</pre>
            </figure>
          )}
          <div className="row">
            <BusyButton busy={exporter.busy} busyLabel={t("skills.row.exporting")} onClick={() => void exporter.run()}>
              {t("skills.row.export")}
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setMoveTo(moveTo ? null : skill.scope)}>
              {t("skills.row.move")}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(true)}>
              {t("skills.row.delete")}
            </button>
          </div>
          {moveTo !== null && (
            <div className="confirm" role="group" aria-label={t("skills.row.moveGroup", { name: skill.name })}>
              <ScopePicker scope={moveTo} onChange={setMoveTo} label={t("skills.scope.moveLabel")} />
              <ErrorNote error={move.error} />
              <div className="row">
                <BusyButton busy={move.busy} busyLabel={t("skills.row.moving")} onClick={() => void move.run()}>
                  {t("skills.row.moveButton")}
                </BusyButton>
                {move.error?.code === "skill.conflict" && (
                  <BusyButton variant="danger" busy={move.busy} onClick={() => void move.run("replace")}>
                    {t("skills.row.replaceThere")}
                  </BusyButton>
                )}
              </div>
            </div>
          )}
          {confirmDelete && (
            <div className="confirm" role="group" aria-label={t("skills.row.deleteGroup", { name: skill.name })}>
              <p>{t("skills.row.deleteQuestion", { name: skill.name, scope: where })}</p>
              <div className="row">
                <BusyButton
                  variant="danger"
                  busy={remove.busy}
                  busyLabel={t("skills.row.deleting")}
                  onClick={() => void remove.run()}
                >
                  {t("skills.row.deleteButton")}
                </BusyButton>
                <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(false)}>
                  {t("skills.row.cancel")}
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
