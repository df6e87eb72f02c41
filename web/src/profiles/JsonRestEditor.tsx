/**
 * "Other settings (JSON)": a textarea with every profile field the form does not show (preset,
 * run options, context, instructions, tool budgets and descriptions, skills, plan).
 * Says at once when the text is not a JSON object; the server judges the content on save.
 */
import { useTranslation } from "react-i18next";
import { useId } from "react";
import { parseRest } from "./profile-draft";

export function JsonRestEditor({
  value,
  readOnly,
  onChange,
}: {
  value: string;
  readOnly: boolean;
  onChange(text: string): void;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  let problem: string | null = null;
  try {
    parseRest(value);
  } catch (error) {
    problem = (error as Error).message;
  }
  return (
    <div className="field-group profile-json">
      <label className="field">
        <span>{t("profiles.json.label")}</span>
        <textarea
          value={value}
          onChange={(e) => onChange(e.target.value)}
          readOnly={readOnly}
          rows={18}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          aria-describedby={helpId}
          aria-invalid={problem !== null}
          data-focus="json-editor"
          data-testid="profile-json"
        />
      </label>
      <small id={helpId}>{t("profiles.json.help")}</small>
      {problem && (
        <p className="error-note" data-testid="json-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
