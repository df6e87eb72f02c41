/**
 * One row of the error catalogue: the HTTP status an error with this code answers with, and the
 * message used when the raise site gives none (written for a person, no secrets).
 * `keptForContract: true` marks a code that nothing raises today but that clients or the spec rely on
 * (the catalogue test accepts it unraised).
 */
export interface CatalogueEntry {
  /** HTTP status of the error envelope (also used for errors that never reach HTTP). */
  readonly status: number;
  /** Default message; raise sites usually pass a more specific one. */
  readonly message: string;
  readonly keptForContract?: true;
}
