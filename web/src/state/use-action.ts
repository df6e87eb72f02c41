/**
 * Wraps a network action for a button or form: `busy` while it runs (buttons show progress and
 * are disabled), errors go to a toast with their code and message (unless `toastErrors: false`).
 * `run` resolves to the action's value, or undefined when it failed. Errors that sign this browser
 * out (revoked or invalid token) get no toast: the sign-in page already explains them once.
 */
import { useCallback, useRef, useState } from "react";
import { describeError, type DescribedError } from "../api/client";
import { useToasts } from "./toasts";

/** Codes after which App signs the browser out with its own notice. */
const SIGN_OUT_CODES = new Set(["auth.token_revoked", "auth.token_invalid"]);

export function useAction<A extends unknown[], T>(
  action: (...args: A) => Promise<T>,
  options: { toastErrors?: boolean } = {},
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DescribedError | null>(null);
  const { show } = useToasts();
  const latest = useRef(action);
  latest.current = action;
  const toastErrors = options.toastErrors ?? true;
  const run = useCallback(
    async (...args: A): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      try {
        return await latest.current(...args);
      } catch (cause) {
        const described = describeError(cause);
        setError(described);
        if (toastErrors && !SIGN_OUT_CODES.has(described.code)) show({ kind: "error", ...described });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [show, toastErrors],
  );
  return { run, busy, error, clearError: () => setError(null) };
}
