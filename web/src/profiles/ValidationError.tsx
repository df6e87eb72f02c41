/**
 * A refused save or import: the server's message, its dotted code and, when it names one, the
 * field (`details.path`, e.g. `$.tools.maxRounds`) with where to fix it in the editor.
 */
import { pathPlace } from "./profile-draft";

const PLACES = {
  form: "in the fields above",
  json: "in the JSON editor",
  header: "in the profile's id or header",
} as const;

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
  if (!error) return null;
  const path = errorPath(details);
  return (
    <div className="error-note validation-error" role="alert" data-testid="validation-error">
      <p>
        {error.message} <code data-testid="validation-code">{error.code}</code>
      </p>
      {path && (
        <p className="validation-path">
          Field: <code data-testid="validation-path">{path}</code>
          {showPlace ? ` (${PLACES[pathPlace(path)]})` : ""}
        </p>
      )}
    </div>
  );
}
