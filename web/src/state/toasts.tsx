/**
 * Toasts: short messages in a polite live region. `useToasts().show({kind, message, code?})`;
 * errors stay 8 s, others 4 s; each can be dismissed. Text only (never HTML).
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

export interface Toast {
  id: number;
  kind: "error" | "info" | "success";
  message: string;
  /** Dotted error code: the toast shows the localized sentence for it, `message` as the second line. */
  code?: string;
  /** The error envelope's details, filling the localized sentence. */
  details?: unknown;
}

interface ToastApi {
  toasts: Toast[];
  show(toast: Omit<Toast, "id">): void;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: Omit<Toast, "id">) => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-4), { ...toast, id }]);
      setTimeout(() => dismiss(id), toast.kind === "error" ? 8000 : 4000);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ toasts, show, dismiss }), [toasts, show, dismiss]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

export function useToasts(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error("useToasts outside ToastProvider");
  return value;
}
