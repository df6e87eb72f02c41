/** A run status as a coloured badge (text first; colour only repeats it). */
import { useTranslation } from "react-i18next";
import { statusText } from "./status-text";
import { isTerminal } from "./types";

export function RunStatusBadge({ status }: { status: string }) {
  useTranslation();
  const tone =
    status === "completed"
      ? "ok"
      : status === "failed"
        ? "bad"
        : status === "partial_success" || status === "cancelled" || status === "cancelling"
          ? "warn"
          : "live";
  return (
    <span className={`badge run-status run-status-${tone}`} data-testid="run-status" data-status={status}>
      {!isTerminal(status) && status !== "created" && <span className="spinner" aria-hidden="true" />}{" "}
      {statusText(status)}
    </span>
  );
}
