/**
 * Import a skill: choose or drop a `.zip` / `.ttskill` (or a `SKILL.md`), pick who can use it, see
 * the preview (name, files, hash, warnings, conflict), then install. A `different` conflict offers
 * "Replace the installed one" or "Keep the installed one" (skip); a `same` one says it is already
 * installed. Refusals show the server's message and code (zip bomb, traversal, bad frontmatter…).
 */
import { useRef, useState, type DragEvent } from "react";
import { describeError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { ScopePicker } from "./ScopePicker";
import { formatBytes, scopeLabel } from "./scope";
import { previewSkillFile } from "./skills-api";
import type { SkillPreview } from "./types";
import { useSkillsApi } from "./use-skills";

const ACTION_TEXT = {
  installed: "Installed",
  replaced: "Replaced",
  already_installed: "Already installed",
  skipped: "Kept the installed version of",
} as const;

export function ImportSkill() {
  const services = useServices();
  const skills = useSkillsApi();
  const { show } = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [scope, setScope] = useState("global");
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<SkillPreview | null>(null);
  const [failure, setFailure] = useState<{ code: string; message: string } | null>(null);

  const check = useAction(
    async (file: File) => {
      setPreview(null);
      setFailure(null);
      try {
        setPreview(await previewSkillFile(services, file, scope));
      } catch (error) {
        setFailure(describeError(error));
      }
    },
    { toastErrors: false },
  );
  const install = useAction(async (strategy?: "skip" | "replace") => {
    if (!preview) return;
    const result = await skills.install(preview.previewId, strategy);
    show({ kind: "success", message: `${ACTION_TEXT[result.action]} “${result.name}” (${scopeLabel(result.scope)}).` });
    setPreview(null);
    if (input.current) input.current.value = "";
  });

  const choose = (file: File | undefined) => {
    if (file) void check.run(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <section className="card skill-import" aria-labelledby="skill-import-title">
      <h2 id="skill-import-title">Import a skill</h2>
      <ScopePicker scope={scope} onChange={setScope} />
      <label
        className={`skill-drop${dragging ? " skill-drop-active" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span>Drop a skill .zip here, or choose a file</span>
        <input
          ref={input}
          type="file"
          accept=".zip,.ttskill,.md,application/zip"
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <small className="muted">
          A folder with SKILL.md (name and description), optional references/, examples/, assets/, scripts/. Up to 32
          MB, 1,000 files. Scripts are kept as files and never run.
        </small>
      </label>
      {check.busy && <p role="status">Checking the file…</p>}
      {failure && <ErrorNote error={failure} />}
      {preview && (
        <section className="skill-preview" aria-label={`Preview of ${preview.name}`}>
          <h3>
            {preview.name} <small className="muted">→ {scopeLabel(preview.targetScope)}</small>
          </h3>
          <p>{preview.description}</p>
          <p className="muted">
            {preview.fileCount} file(s), {formatBytes(preview.totalBytes)} · hash{" "}
            <code>{preview.hash.slice(0, 12)}</code>
          </p>
          {preview.warnings.length > 0 && (
            <ul className="skill-warnings">
              {preview.warnings.map((w) => (
                <li key={`${w.code}:${w.path ?? ""}`}>{w.message}</li>
              ))}
            </ul>
          )}
          <details>
            <summary>Files</summary>
            <ul className="skill-files">
              {preview.files.map((f) => (
                <li key={f.path}>
                  <code>{f.path}</code> <small className="muted">{formatBytes(f.sizeBytes)}</small>
                </li>
              ))}
            </ul>
          </details>
          {preview.conflict.kind === "different" ? (
            <div className="confirm" role="group" aria-label="Skill name already in use">
              <p role="alert">
                A different “{preview.name}” is already installed for {scopeLabel(preview.targetScope).toLowerCase()}.
              </p>
              <div className="row">
                <BusyButton
                  variant="danger"
                  busy={install.busy}
                  busyLabel="Replacing…"
                  onClick={() => void install.run("replace")}
                >
                  Replace the installed one
                </BusyButton>
                <button type="button" className="btn btn-secondary" onClick={() => void install.run("skip")}>
                  Keep the installed one
                </button>
              </div>
            </div>
          ) : (
            <div className="row">
              <BusyButton
                variant="primary"
                busy={install.busy}
                busyLabel="Installing…"
                onClick={() => void install.run()}
              >
                {preview.conflict.kind === "same" ? "Already installed — OK" : "Install"}
              </BusyButton>
              <button type="button" className="btn btn-secondary" onClick={() => setPreview(null)}>
                Cancel
              </button>
            </div>
          )}
        </section>
      )}
    </section>
  );
}
