/** "Remove this MCP server?" (docs/spec/mcp-platform.md §15.7): the registration and all its tool settings go. */
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer } from "./types";

export function RemoveConfirm({ server, onDone }: { server: McpServer; onDone(): void }) {
  const { t } = useTranslation();
  const { mcp, forget } = useMcp();
  const remove = useAction(
    async () => {
      await mcp.remove(server.id);
      forget(server.id);
    },
    { toastErrors: false },
  );
  return (
    <div className="confirm" role="group" aria-label={t("mcp.remove.label", { name: server.displayName })}>
      <p>
        <strong>{t("mcp.remove.question")}</strong> {t("mcp.remove.explain", { name: server.displayName })}
      </p>
      <ErrorNote error={remove.error} />
      <div className="row">
        <BusyButton
          variant="danger"
          busy={remove.busy}
          busyLabel={t("mcp.remove.busy")}
          onClick={() => void remove.run()}
          autoFocus
        >
          {t("mcp.remove.submit")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t("common.cancel")}
        </button>
      </div>
    </div>
  );
}
