/** Live-connection status for the header: "Live", "Connecting…" or "Offline — reconnecting". */
import type { SocketStatus } from "../socket/socket-client";

const LABELS: Record<SocketStatus, string> = {
  online: "Live",
  connecting: "Connecting…",
  offline: "Offline — reconnecting…",
  stopped: "Disconnected",
};

export function ConnectionIndicator({ status, onRetry }: { status: SocketStatus; onRetry(): void }) {
  return (
    <div className={`conn conn-${status}`} role="status" aria-live="polite" data-testid="connection-status" data-status={status}>
      <span className="conn-dot" aria-hidden="true" />
      <span>{LABELS[status]}</span>
      {status === "offline" && <button type="button" className="btn btn-ghost btn-small" onClick={onRetry}>Retry now</button>}
    </div>
  );
}
