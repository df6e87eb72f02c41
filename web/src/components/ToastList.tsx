/** Renders the toasts in a live region (errors assertive, others polite). Text only; errors localized by code. */
import { useTranslation } from "react-i18next";
import { useToasts } from "../state/toasts";
import { ErrorText } from "./ErrorNote";

export function ToastList() {
  const { t } = useTranslation();
  const { toasts, dismiss } = useToasts();
  return (
    <div className="toasts" role="region" aria-label={t("common.notifications")}>
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
          <div className="toast-text">
            {toast.code ? (
              <ErrorText error={{ code: toast.code, message: toast.message, details: toast.details }} />
            ) : (
              <span>{toast.message}</span>
            )}
          </div>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => dismiss(toast.id)}
            aria-label={t("common.dismissNotification")}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
