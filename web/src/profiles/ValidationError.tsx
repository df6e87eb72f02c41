/**
 * A refused save or import: the server's message, its dotted code and, when it names one, the
 * field (`details.path`, e.g. `$.tools.maxRounds`) with where to fix it in the editor.
 */
import { Trans, useTranslation } from "react-i18next";
import { ErrorText } from "../components/ErrorNote";
import { pathPlace } from "./profile-draft";

/** `details.path` of an error, when it is a string. */
export function errorPath(details: unknown): string | null {
  const path = details && typeof details === "object" ? (details as { path?: unknown }).path : undefined;
  return typeof path === "string" ? path : null;
}

export function ValidationError({
  error,
  details,
  showPlace = false,
}: {
  error: { code: string; message: string } | null;
  details: unknown;
  showPlace?: boolean;
}) {
  const { t } = useTranslation();
  if (!error) return null;
  const path = errorPath(details);
  return (
    <div className="error-note validation-error" role="alert" data-testid="validation-error">
      <p>
        <ErrorText error={{ ...error, details }} codeTestId="validation-code" />
      </p>
      {path && (
        <p className="validation-path">
          <Trans
            i18nKey="profiles.validation.field"
            values={{ path }}
            components={{ code: <code data-testid="validation-path" /> }}
          />
          {showPlace ? t(`profiles.validation.places.${pathPlace(path)}`) : ""}
        </p>
      )}
    </div>
  );
}
