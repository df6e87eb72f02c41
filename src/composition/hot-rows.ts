/**
 * Composition: the object's one HotRows (src/adapters/storage/hot-rows.ts, docs/decisions/3450),
 * shared by every store of runs, the journal, loop states and run documents.
 */
import { HotRows } from "../adapters/storage/hot-rows";

export type { HotRows };
import type { Space } from "../ports/space";

/** The memo key of the object's HotRows (durable-objects/user-space.ts invalidates it on rollback). */
export const HOT_ROWS_MEMO = "hot-rows";

/** The object's HotRows (created on first use; gone with the object's memory). */
export function hotRows(space: Space): HotRows {
  return space.memo(HOT_ROWS_MEMO, () => new HotRows());
}
