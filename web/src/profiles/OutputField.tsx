/**
 * The message-body artifact (`output.artifacts[0]`, docs/spec/profiles.md `output`): its id, the
 * workspace file that becomes the chat message (must be in a visible and writable folder), and
 * its kind (e.g. `markdown`).
 */
import { useTranslation } from "react-i18next";
import type { ArtifactForm } from "./profile-draft";

export function OutputField({
  artifact,
  onChange,
}: {
  artifact: ArtifactForm;
  onChange(artifact: ArtifactForm): void;
}) {
  const { t } = useTranslation();
  const set = (key: keyof ArtifactForm, value: string) => onChange({ ...artifact, [key]: value });
  return (
    <fieldset className="fieldset profile-output">
      <legend>{t("profiles.output.legend")}</legend>
      <div className="field-grid">
        <label className="field">
          <span>{t("profiles.output.path")}</span>
          <input
            value={artifact.path}
            onChange={(e) => set("path", e.target.value)}
            placeholder="output/main.md"
            spellCheck={false}
          />
        </label>
        <label className="field">
          <span>{t("profiles.output.kind")}</span>
          <input
            value={artifact.kind}
            onChange={(e) => set("kind", e.target.value)}
            placeholder="markdown"
            spellCheck={false}
          />
        </label>
        <label className="field">
          <span>{t("profiles.output.id")}</span>
          <input
            value={artifact.id}
            onChange={(e) => set("id", e.target.value)}
            placeholder="main"
            spellCheck={false}
          />
        </label>
      </div>
    </fieldset>
  );
}
