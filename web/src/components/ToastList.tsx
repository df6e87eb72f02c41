/** Renders the toasts in a live region (errors assertive, others polite). Text only. */
import { useToasts } from "../state/toasts";

export function ToastList() {
  const { toasts, dismiss } = useToasts();
  return (
    <div className="toasts" role="region" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
          <div className="toast-text">
            <span>{toast.message}</span>
            {toast.code && <code className="toast-code">{toast.code}</code>}
          </div>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => dismiss(toast.id)}
            aria-label="Dismiss notification"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
