/**
 * Port: persistence of user Agent Profiles (docs/spec/profiles.md §1; implemented by
 * src/adapters/storage/agent-profile-store.ts over `te_agent_profiles`). Documents are stored as
 * the JSON text they were saved with, so an unreadable or invalid row can still be listed as an
 * issue instead of disappearing. The built-in `default-writer` is never stored.
 */

/** One stored profile row. `document` is raw JSON text; times are ms epoch. */
export interface StoredProfileRow {
  id: string;
  document: string;
  createdAt: number;
  updatedAt: number;
}

export interface AgentProfileRepository {
  /** Every row, ordered by id. */
  list(): StoredProfileRow[];
  get(id: string): StoredProfileRow | null;
  count(): number;
  /** Inserts or replaces the row of `id` (keeps `createdAt` of an existing row). */
  put(id: string, document: string, now: number): void;
  delete(id: string): boolean;
  /** Inserts or replaces a row exactly as given, times included (account restore). */
  restore(row: StoredProfileRow): void;
}

/** What diagnose needs to know about a model connection (satisfied by ModelConnectionService). */
export interface ProfileConnectionLookup {
  /**
   * The connection view; throws AppError `model.connection_not_found` when there is none.
   * `apiKeyUnavailable` is true when its key cannot be opened.
   */
  get(id: string): Promise<{ id: string; apiKeyUnavailable?: boolean }>;
}
