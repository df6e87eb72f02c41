/**
 * Bulk permissions of one server (docs/spec/approvals.md §8): "Allow all", "Ask for all",
 * "Off for all" — or, with tools selected, the same for the selection only — in one request
 * (PUT …/permissions, a patch of the listed tools with `ifRevision`).
 */
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer, ToolPermission } from "./types";

const LEVELS: ToolPermission[] = ["allow", "ask", "off"];

export function BulkPermissions({
  server,
  toolNames,
  selected,
  clearSelection,
}: {
  server: McpServer;
  toolNames: string[];
  selected: string[];
  clearSelection(): void;
}) {
  const { t } = useTranslation();
  const { mcp, upsert } = useMcp();
  const targets = selected.length > 0 ? selected : toolNames;
  const apply = useAction(async (level: ToolPermission) => {
    upsert(await mcp.setPermissions(server.id, Object.fromEntries(targets.map((n) => [n, level])), server.revision));
    clearSelection();
  });
  if (toolNames.length === 0) return null;
  const scope = selected.length > 0 ? "selected" : "all";
  return (
    <div className="mcp-bulk" role="group" aria-label={t("mcp.bulk.group", { name: server.displayName })}>
      {selected.length > 0 && <span className="muted">{t("mcp.bulk.selectedCount", { count: selected.length })}</span>}
      {LEVELS.map((level) => (
        <BusyButton key={level} busy={apply.busy} onClick={() => void apply.run(level)}>
          {t(`mcp.bulk.${level}_${scope}`)}
        </BusyButton>
      ))}
      {selected.length > 0 && (
        <button type="button" className="btn btn-ghost" onClick={clearSelection}>
          {t("mcp.bulk.clear")}
        </button>
      )}
    </div>
  );
}
