/**
 * User-wide settings of one user's space (`te_user_settings`, schema v18): JSON values by key.
 * Today only `persona` (docs/spec/chats.md "Personas").
 */
export interface UserSettingsStore {
  /** The stored JSON value of `key`, or null when unset. */
  read(key: string): unknown;
  /** Stores `value` (JSON) under `key`; null removes it. */
  write(key: string, value: unknown): void;
}
