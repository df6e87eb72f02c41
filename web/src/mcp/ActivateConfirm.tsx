/**
 * "Enable this MCP server?" (docs/spec/mcp-platform.md §15.6): the exact endpoint, that activation allows
 * discovery and test calls with the saved headers but grants no tool permission, and an extra
 * warning for plain `http://`. A returned `mcp.endpoint_unreachable_when_deployed` warning is
 * shown on the row afterwards (store `warnings`).
 */
import { Trans, useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { endpointForDisplay, isPlainHttp } from "./display";
import { useMcp } from "./store";
import type { McpServer } from "./types";

export function ActivateConfirm({ server, onDone }: { server: McpServer; onDone(): void }) {
  const { t } = useTranslation();
  const { mcp, upsert } = useMcp();
  const activate = useAction(
    async () => {
      upsert(await mcp.setState(server.id, "active"));
      onDone();
    },
    { toastErrors: false },
  );
  return (
    <div className="confirm" role="group" aria-label={t("mcp.activate.label", { name: server.displayName })}>
      <p>
        <strong>{t("mcp.activate.question")}</strong>
      </p>
      <p>
        <code>{endpointForDisplay(server.endpoint)}</code>
      </p>
      <p>{t("mcp.activate.explain")}</p>
      {isPlainHttp(server.endpoint) && (
        <p className="notice">
          <Trans i18nKey="mcp.activate.plainHttp" components={{ code: <code /> }} />
        </p>
      )}
      <ErrorNote error={activate.error} />
      <div className="row">
        <BusyButton
          variant="primary"
          busy={activate.busy}
          busyLabel={t("mcp.activate.busy")}
          onClick={() => void activate.run()}
          autoFocus
        >
          {t("mcp.activate.submit")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t("common.cancel")}
        </button>
      </div>
    </div>
  );
}
