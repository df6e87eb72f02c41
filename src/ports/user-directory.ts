/**
 * Port: the operator's user directory (docs/spec/data-portability.md §6; ADR 2702). One row per
 * user; figures are reported by each user's own object, never gathered at listing time.
 * Implemented by adapters/storage/user-directory-store.ts inside the `UserDirectory` Durable Object.
 */

/** What a user's object reports about itself. Times ms epoch; `bytes` = its database size. */
export interface AccountFigures {
  userId: string;
  createdAt: number;
  devices: number;
  bytes: number;
  lastSeenAt: number | null;
}

/** One directory row. */
export interface DirectoryEntry extends AccountFigures {
  disabled: boolean;
  /** When the figures were last reported, ms epoch. */
  reportedAt: number;
}

export interface UserDirectoryRepository {
  /** Inserts or updates the figures of a user (keeps `disabled`). */
  report(figures: AccountFigures, now: number): void;
  list(): DirectoryEntry[];
  get(userId: string): DirectoryEntry | null;
  /** Returns false when the user is not listed. */
  setDisabled(userId: string, disabled: boolean): boolean;
  remove(userId: string): boolean;
}

/** The account state a user's object keeps about itself (disabled flag, figures). */
export interface AccountStateRepository {
  figures(userId: string): AccountFigures;
  isDisabled(): boolean;
  setDisabled(disabled: boolean): void;
}
