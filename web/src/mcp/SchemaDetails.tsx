/**
 * Collapsible "Schema & hints": input schema, output schema and annotations as pretty JSON text.
 * Annotations are marked as unverified hints from the server (they never change permissions).
 */
import { useTranslation } from "react-i18next";
import { pretty } from "./display";
import type { McpTool } from "./types";

export function SchemaDetails({ tool }: { tool: McpTool }) {
  const { t } = useTranslation();
  const hasHints = Object.keys(tool.annotations).length > 0;
  return (
    <details className="mcp-schema">
      <summary>{t("mcp.tool.schemaAndHints")}</summary>
      <h4>{t("mcp.tool.inputSchema")}</h4>
      <pre>{pretty(tool.inputSchema)}</pre>
      {tool.outputSchema && (
        <>
          <h4>{t("mcp.tool.outputSchema")}</h4>
          <pre>{pretty(tool.outputSchema)}</pre>
        </>
      )}
      <h4>
        {t("mcp.tool.annotations")} <span className="badge badge-warn">{t("mcp.tool.unverified")}</span>
      </h4>
      {hasHints ? <pre>{pretty(tool.annotations)}</pre> : <p className="muted">{t("mcp.tool.none")}</p>}
    </details>
  );
}
