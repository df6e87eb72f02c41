/** Composition: the storage schema entry points the Durable Object needs (see adapters/storage/migrations). */
import { SqlDeviceStore } from "../adapters/storage/device-store";

export { hasSchema, migrate } from "../adapters/storage/migrations";

/** The user this object was set up for (`te_meta.user_id`), or null before setup. */
export function storedUserId(sql: SqlStorage): string | null {
  return new SqlDeviceStore(sql).userId();
}
