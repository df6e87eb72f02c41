/**
 * Live-connection status for the header: "Live", "Connecting…" or "Offline — reconnecting…"
 * (short labels on phones), with "Retry now" while offline.
 */
import { useTranslation } from "react-i18next";
import type { SocketStatus } from "../socket/socket-client";

export function ConnectionIndicator({ status, onRetry }: { status: SocketStatus; onRetry(): void }) {
  const { t } = useTranslation();
  const long = t(`shell.status.${status}`);
  const short = t(`shell.status.${status}Short`);
  return (
    <div
      className={`conn conn-${status}`}
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      data-status={status}
    >
      <span className="conn-dot" aria-hidden="true" />
      <span className="wide-only">{long}</span>
      <span className="narrow-only">{short}</span>
      {status === "offline" && (
        <button type="button" className="btn btn-ghost btn-small wide-only" onClick={onRetry}>
          {t("shell.status.retryNow")}
        </button>
      )}
    </div>
  );
}
