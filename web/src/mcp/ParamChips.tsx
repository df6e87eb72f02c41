/** Parameter chips of a tool: one per input property, required ones marked `*`, the description as tooltip. */
import { useTranslation } from "react-i18next";
import type { JsonObject } from "./types";

export function ParamChips({ schema }: { schema: JsonObject }) {
  const { t } = useTranslation();
  const properties =
    schema.properties && typeof schema.properties === "object" && !Array.isArray(schema.properties)
      ? (schema.properties as Record<string, unknown>)
      : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const names = Object.keys(properties);
  if (names.length === 0) return <p className="muted mcp-params">{t("mcp.tool.noParameters")}</p>;
  return (
    <ul className="mcp-params" aria-label={t("mcp.tool.parameters")}>
      {names.map((name) => {
        const prop = properties[name] as { description?: unknown; type?: unknown } | null;
        const tip = prop && typeof prop.description === "string" ? prop.description : undefined;
        const type = prop && typeof prop.type === "string" ? prop.type : undefined;
        return (
          <li key={name} className="chip" title={tip}>
            {name}
            {required.has(name) && (
              <span className="required" aria-label={t("mcp.tool.required")}>
                *
              </span>
            )}
            {type && <span className="muted"> {type}</span>}
          </li>
        );
      })}
    </ul>
  );
}
