/**
 * The arguments of a test call: the schema-driven form (schema-form.ts) or raw JSON (sent as
 * typed, so big integers stay exact). Switching to raw JSON starts from the form's current value.
 * "Run test" / "Stop waiting" (with the hint that the server may already have the call).
 */
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { collectArguments, fieldsOf, initialValues, type FieldError } from "./schema-form";
import { SchemaForm } from "./SchemaForm";
import type { JsonObject } from "./types";

export interface ArgumentsEditorProps {
  schema: JsonObject;
  running: boolean;
  stopping: boolean;
  onRun(argumentsJson: string): void;
  onStop(): void;
}

export function ArgumentsEditor({ schema, running, stopping, onRun, onStop }: ArgumentsEditorProps) {
  const { t } = useTranslation();
  const fields = useMemo(() => fieldsOf(schema), [schema]);
  const [mode, setMode] = useState<"form" | "json">("form");
  const [values, setValues] = useState(() => initialValues(fields));
  const [raw, setRaw] = useState("{}");
  const [errors, setErrors] = useState<Record<string, FieldError>>({});

  const toJson = () => {
    const collected = collectArguments(fields, values);
    if (collected.ok) setRaw(collected.json);
    setMode("json");
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === "json") return onRun(raw);
    const collected = collectArguments(fields, values);
    if (!collected.ok) return setErrors(collected.errors);
    setErrors({});
    onRun(collected.json);
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={t("mcp.args.label")} noValidate>
      <div className="mcp-segmented" role="tablist" aria-label={t("mcp.args.as")}>
        <button
          type="button"
          role="tab"
          aria-selected={mode === "form"}
          onClick={() => setMode("form")}
          disabled={running}
        >
          {t("mcp.args.form")}
        </button>
        <button type="button" role="tab" aria-selected={mode === "json"} onClick={toJson} disabled={running}>
          {t("mcp.args.raw")}
        </button>
      </div>
      {mode === "form" ? (
        <SchemaForm
          fields={fields}
          values={values}
          errors={errors}
          disabled={running}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        />
      ) : (
        <label className="field">
          <span>{t("mcp.args.rawField")}</span>
          <textarea
            rows={8}
            value={raw}
            onChange={(e) => setRaw(e.target.value)}
            spellCheck={false}
            disabled={running}
            className="mono"
          />
        </label>
      )}
      <div className="row">
        {!running && (
          <button type="submit" className="btn btn-primary">
            {t("mcp.args.run")}
          </button>
        )}
        {running && (
          <BusyButton variant="danger" busy={stopping} busyLabel={t("mcp.args.stopping")} onClick={onStop}>
            {t("mcp.args.stop")}
          </BusyButton>
        )}
        {running && <small className="muted">{t("mcp.args.stopNote")}</small>}
      </div>
    </form>
  );
}
