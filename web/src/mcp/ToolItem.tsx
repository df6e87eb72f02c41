/**
 * One discovered tool (docs/spec/mcp-platform.md §15.3): title and native name, "Customized" chip, the
 * Off / Ask / Allow control, the description the model gets (custom if set, else the server's),
 * a warning when a saved customization names parameters the tool lacks (the tool is then hidden
 * from models), a changed tool's review with its diff (docs/spec/approvals.md §7), a checkbox for bulk
 * permissions, parameter chips, and the collapsible schema and annotations. All server text
 * renders as text.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DescriptionEditor } from "./DescriptionEditor";
import { staleOverrideProperties } from "./override-check";
import { ParamChips } from "./ParamChips";
import { PermissionControl } from "./PermissionControl";
import { SchemaDetails } from "./SchemaDetails";
import { ToolReview } from "./ToolReview";
import type { McpServer, McpTool } from "./types";

export function ToolItem({
  server,
  tool,
  selected,
  onSelect,
}: {
  server: McpServer;
  tool: McpTool;
  selected: boolean;
  onSelect(nativeName: string, selected: boolean): void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const override = server.toolDescriptionOverrides[tool.nativeName];
  const permission = server.toolPermissions[tool.nativeName] ?? "off";
  const heading = tool.title ?? tool.nativeName;
  const description = override?.description ?? tool.description;
  const stale = staleOverrideProperties(tool, override);
  return (
    <li className="mcp-tool" data-testid="mcp-tool" data-native-name={tool.nativeName}>
      <div className="mcp-tool-head">
        <div className="mcp-tool-name">
          <input
            type="checkbox"
            checked={selected}
            onChange={(event) => onSelect(tool.nativeName, event.target.checked)}
            aria-label={t("mcp.bulk.select", { name: tool.nativeName })}
          />
          <strong data-testid="mcp-tool-title">{heading}</strong>
          {tool.title && tool.title !== tool.nativeName && <code className="muted">{tool.nativeName}</code>}
          {override && <span className="badge badge-custom">{t("mcp.tool.customized")}</span>}
          {tool.review && <span className="badge badge-review">{t("mcp.review.badge")}</span>}
        </div>
        <PermissionControl server={server} nativeName={tool.nativeName} label={tool.nativeName} value={permission} />
      </div>
      {tool.review && <ToolReview server={server} tool={tool} review={tool.review} />}
      {stale.length > 0 && (
        <p className="notice" role="alert" data-testid="mcp-override-stale">
          {t("mcp.tool.staleOverride", { count: stale.length, names: stale.join(t("common.listSeparator")) })}
        </p>
      )}
      {description ? (
        <p className="mcp-tool-desc" data-testid="mcp-tool-description">
          {description}
        </p>
      ) : (
        <p className="mcp-tool-desc muted">{t("mcp.tool.noDescription")}</p>
      )}
      <div className="mcp-tool-foot">
        <ParamChips schema={tool.inputSchema} />
        {!editing && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setEditing(true)}
            aria-label={t("mcp.tool.editDescriptionLabel", { name: tool.nativeName })}
          >
            {t("mcp.tool.editDescription")}
          </button>
        )}
      </div>
      {editing && <DescriptionEditor server={server} tool={tool} onDone={() => setEditing(false)} />}
      <SchemaDetails tool={tool} />
    </li>
  );
}
