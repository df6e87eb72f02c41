/**
 * The fields of the schema-driven arguments form (kinds from schema-form.ts): text, number,
 * integer, boolean tri-state, enum select, one-value-per-line arrays and JSON fields; required
 * fields marked, property descriptions as help text, field errors inline.
 */
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
          <option value="">(not set)</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case "enum":
      return (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">(not set)</option>
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
          placeholder={`One ${field.itemKind} per line`}
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
          placeholder="JSON"
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

const KIND_LABEL: Record<FormField["kind"], string> = {
  text: "text",
  number: "number",
  integer: "integer",
  boolean: "true / false",
  enum: "choice",
  lines: "list",
  json: "JSON",
};

export function SchemaForm({ fields, values, errors, disabled, onChange }: SchemaFormProps) {
  if (fields.length === 0) return <p className="muted">This tool takes no arguments.</p>;
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
                {KIND_LABEL[field.kind]}
                {field.required ? ", required" : ""}
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
