/**
 * An inline error under a form: the localized sentence for its code (docs/spec/i18n.md §3), or the
 * server's own sentence when there is no translation, and the dotted code. Never both sentences,
 * except a model provider's quoted answer under its translation (i18n/errors.ts QUOTES_PROVIDER).
 */
import { useTranslation } from "react-i18next";
import { localizeError, type ErrorLike } from "../i18n/errors";

export function ErrorNote({ error }: { error: ErrorLike | null }) {
  if (!error) return null;
  return (
    <div className="error-note" role="alert">
      <ErrorText error={error} />
    </div>
  );
}

/** The localized error lines without the alert box (for toasts, lists and notices); `codeTestId` tags the code. */
export function ErrorText({ error, codeTestId }: { error: ErrorLike; codeTestId?: string }) {
  useTranslation();
  const shown = localizeError(error);
  return (
    <>
      <span className="error-primary" data-testid={shown.translated ? undefined : "error-server-message"}>
        {shown.primary}
      </span>{" "}
      <code data-testid={codeTestId}>{shown.code}</code>
      {shown.quoted && (
        <span className="error-secondary" data-testid="error-server-message">
          {shown.quoted}
        </span>
      )}
    </>
  );
}
