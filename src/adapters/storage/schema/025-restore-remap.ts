/**
 * Schema v25: merging an archive with id remapping (docs/spec/data-portability.md §3,
 * docs/decisions/2750).
 * - te_data_restores gains `id_map`: JSON `{<kind>: {<archived id>: <id here>}}`, fixed when a
 *   merge starts so every step rewrites references the same way.
 * - te_data_restore_results gains `new_id`: the id an item was imported under when it differs
 *   from its archived id (the report's "old → new").
 */
import type { MigrationStep } from "../migration-step";

export const restoreRemapSchema: MigrationStep = {
  version: 25,
  name: "restore-remap",
  up(sql) {
    sql.exec("ALTER TABLE te_data_restores ADD COLUMN id_map TEXT");
    sql.exec("ALTER TABLE te_data_restore_results ADD COLUMN new_id TEXT");
  },
};
