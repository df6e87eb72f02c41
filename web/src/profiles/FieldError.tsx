/**
 * A refused save shown next to the field it is about: the server's code and `details.path`
 * (docs/spec/profiles.md §3) pick the field; the sentence is the code's translation (or the server's
 * message). The save bar keeps the full refusal too.
 */
import { ErrorText } from "../components/ErrorNote";
import { errorPath } from "./ValidationError";

/** A refused save: code, server message and details (with `path` when the server named a field). */
export interface Refusal {
  code: string;
  message: string;
  details: unknown;
}

/**
 * The refusal when it is about this field: its `details.path` is one of `paths` (or an element of
 * one: `$.delegation.allowedCallers[2]`), or its code is one of `codes`. Otherwise null.
 */
export function refusalAt(
  refusal: Refusal | null,
  paths: readonly string[],
  codes: readonly string[] = [],
): Refusal | null {
  if (!refusal) return null;
  if (codes.includes(refusal.code)) return refusal;
  const path = errorPath(refusal.details);
  if (path === null) return null;
  return paths.some((p) => path === p || path.startsWith(`${p}[`)) ? refusal : null;
}

/** The refusal under a field (`id` is what the field's aria-describedby names). */
export function FieldError({ refusal, id }: { refusal: Refusal | null; id: string }) {
  if (!refusal) return null;
  return (
    <p className="error-note field-error" id={id} role="alert" data-testid="field-error">
      <ErrorText error={refusal} />
    </p>
  );
}
