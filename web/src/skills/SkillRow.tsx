/**
 * One installed skill: name, description, scope and size; "Open" shows its files (text files
 * readable in place as plain text, binary ones as downloads), export, move to another scope and
 * delete (with confirmation).
 */
import { useState } from "react";
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
  const services = useServices();
  const skills = useSkillsApi();
  const { show } = useToasts();
  const [files, setFiles] = useState<SkillFile[] | null>(null);
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<{ path: string; text: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const label = `${skill.name} (${scopeLabel(skill.scope)})`;

  const load = useAction(async () => setFiles((await skills.get(skill.name, skill.scope)).files));
  const view = useAction(async (file: SkillFile) => {
    if (file.kind === "binary") return downloadSkillFile(services, skill.name, skill.scope, file.path);
    setViewing({ path: file.path, text: await readSkillText(services, skill.name, skill.scope, file.path) });
  });
  const exporter = useAction(() => exportSkill(services, skill.name, skill.scope));
  const remove = useAction(async () => {
    await skills.remove(skill.name, skill.scope);
    show({ kind: "success", message: `Deleted “${skill.name}”.` });
  });
  const move = useAction(async (strategy?: "skip" | "replace") => {
    if (!moveTo) return;
    const result = await skills.move(skill.name, skill.scope, moveTo, strategy);
    show({ kind: "success", message: `Moved “${skill.name}” to ${scopeLabel(result.scope).toLowerCase()}.` });
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
            <span className="badge">{scopeLabel(skill.scope)}</span> <code>{skill.name}</code> · {skill.fileCount}{" "}
            file(s), {formatBytes(skill.totalBytes)}
            {skill.hasScripts ? " · has scripts (never run)" : ""}
          </p>
          <p>{skill.description}</p>
        </div>
        <button type="button" className="btn btn-secondary" aria-expanded={open} onClick={toggle}>
          {open ? "Close" : "Open"}
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
                    {f.kind === "binary" ? " · download" : ""}
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
                  Close
                </button>
              </figcaption>
              <pre>{viewing.text}</pre>
            </figure>
          )}
          <div className="row">
            <BusyButton busy={exporter.busy} busyLabel="Exporting…" onClick={() => void exporter.run()}>
              Export .zip
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setMoveTo(moveTo ? null : skill.scope)}>
              Change who can use it
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          </div>
          {moveTo !== null && (
            <div className="confirm" role="group" aria-label={`Move ${skill.name}`}>
              <ScopePicker scope={moveTo} onChange={setMoveTo} label="Move to" />
              <ErrorNote error={move.error} />
              <div className="row">
                <BusyButton busy={move.busy} busyLabel="Moving…" onClick={() => void move.run()}>
                  Move
                </BusyButton>
                {move.error?.code === "skill.conflict" && (
                  <BusyButton variant="danger" busy={move.busy} onClick={() => void move.run("replace")}>
                    Replace the one there
                  </BusyButton>
                )}
              </div>
            </div>
          )}
          {confirmDelete && (
            <div className="confirm" role="group" aria-label={`Confirm deleting ${skill.name}`}>
              <p>
                Delete “{skill.name}” for {scopeLabel(skill.scope).toLowerCase()}? Export it first to keep a copy.
              </p>
              <div className="row">
                <BusyButton variant="danger" busy={remove.busy} busyLabel="Deleting…" onClick={() => void remove.run()}>
                  Delete skill
                </BusyButton>
                <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(false)}>
                  Cancel
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
