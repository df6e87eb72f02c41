/**
 * Custom request header rows of the server form: name, masked value (a "Show values" switch
 * reveals them), remove; "Add header". Values are never logged or put in error messages.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";

export interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

let nextKey = 1;
/** Header rows from a headers map (in insertion order). */
export function rowsOf(headers: Record<string, string>): HeaderRow[] {
  return Object.entries(headers).map(([name, value]) => ({ key: nextKey++, name, value }));
}

/** The headers map of the rows; rows with an empty name are ignored. */
export function headersOf(rows: HeaderRow[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const row of rows) if (row.name.trim() !== "") headers[row.name.trim()] = row.value;
  return headers;
}

export function HeaderRows({
  rows,
  onChange,
  disabled,
}: {
  rows: HeaderRow[];
  onChange(rows: HeaderRow[]): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const edit = (key: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="mcp-headers" disabled={disabled}>
      <legend>{t("mcp.headers.legend")}</legend>
      {rows.length === 0 && <p className="muted">{t("mcp.headers.none")}</p>}
      {rows.map((row, i) => (
        <div className="mcp-header-row" key={row.key}>
          <input
            aria-label={t("mcp.headers.nameLabel", { n: i + 1 })}
            placeholder="Authorization"
            value={row.name}
            onChange={(e) => edit(row.key, { name: e.target.value })}
            autoComplete="off"
            spellCheck={false}
          />
          <input
            aria-label={t("mcp.headers.valueLabel", { n: i + 1 })}
            placeholder={t("mcp.headers.valuePlaceholder")}
            type={show ? "text" : "password"}
            value={row.value}
            onChange={(e) => edit(row.key, { value: e.target.value })}
            autoComplete="new-password"
            spellCheck={false}
          />
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            aria-label={t("mcp.headers.removeLabel", { n: i + 1 })}
          >
            {t("common.remove")}
          </button>
        </div>
      ))}
      <div className="row">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onChange([...rows, { key: nextKey++, name: "", value: "" }])}
        >
          {t("mcp.headers.add")}
        </button>
        {rows.length > 0 && (
          <label className="check">
            <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} /> {t("mcp.headers.show")}
          </label>
        )}
      </div>
    </fieldset>
  );
}
