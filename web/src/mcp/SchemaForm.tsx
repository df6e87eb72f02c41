/**
 * The fields of the schema-driven arguments form (kinds from schema-form.ts): text, number,
 * integer, boolean tri-state, enum select, one-value-per-line arrays and JSON fields; required
 * fields marked, property descriptions as help text, field errors inline.
 */
import { useTranslation } from "react-i18next";
import { i18n } from "../i18n/i18n";
import { fieldErrorText, type FieldError, type FormField } from "./schema-form";

export interface SchemaFormProps {
  fields: FormField[];
  values: Record<string, string>;
  errors: Record<string, FieldError>;
  disabled: boolean;
  onChange(name: string, value: string): void;
}

function Input({
  field,
  value,
  disabled,
  onChange,
  describedBy,
}: {
  field: FormField;
  value: string;
  disabled: boolean;
  onChange(v: string): void;
  describedBy?: string;
}) {
  const common = { disabled, "aria-describedby": describedBy, "aria-required": field.required };
  switch (field.kind) {
    case "boolean":
      return (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{i18n.t("mcp.args.notSet")}</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case "enum":
      return (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{i18n.t("mcp.args.notSet")}</option>
          {field.options!.map((o, i) => (
            <option key={i} value={String(i)}>
              {String(o)}
            </option>
          ))}
        </select>
      );
    case "lines":
      return (
        <textarea
          {...common}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={i18n.t("mcp.args.onePerLine", {
            kind: i18n.t(`mcp.args.kinds.${field.itemKind === "string" ? "text" : (field.itemKind ?? "text")}`),
          })}
          spellCheck={false}
        />
      );
    case "json":
      return (
        <textarea
          {...common}
          rows={4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={i18n.t("mcp.args.kinds.json")}
          spellCheck={false}
          className="mono"
        />
      );
    case "number":
    case "integer":
      return (
        <input
          {...common}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode={field.kind === "integer" ? "numeric" : "decimal"}
          spellCheck={false}
        />
      );
    default:
      return <input {...common} value={value} onChange={(e) => onChange(e.target.value)} />;
  }
}

export function SchemaForm({ fields, values, errors, disabled, onChange }: SchemaFormProps) {
  const { t } = useTranslation();
  if (fields.length === 0) return <p className="muted">{t("mcp.args.noArguments")}</p>;
  return (
    <div className="stack mcp-schema-form">
      {fields.map((field) => {
        const helpId = field.description ? `arg-help-${field.name}` : undefined;
        const error = errors[field.name];
        return (
          <label key={field.name} className="field">
            <span>
              {field.name}
              {field.required && (
                <span className="required" aria-hidden="true">
                  {" "}
                  *
                </span>
              )}
              <span className="muted kind">
                {" "}
                {t(`mcp.args.kinds.${field.kind}`)}
                {field.required ? t("mcp.args.requiredSuffix") : ""}
              </span>
            </span>
            <Input
              field={field}
              value={values[field.name] ?? ""}
              disabled={disabled}
              onChange={(v) => onChange(field.name, v)}
              describedBy={helpId}
            />
            {field.description && (
              <small id={helpId} className="muted">
                {field.description}
              </small>
            )}
            {error && (
              <small className="error-note" role="alert">
                {fieldErrorText(error)}
              </small>
            )}
          </label>
        );
      })}
    </div>
  );
}
