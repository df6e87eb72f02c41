/**
 * The shape of one schema step (`schema/NNN-<feature>.ts`), shared by the steps and the runner
 * (migrations.ts) so neither imports the other. Steps are append-only: never edit a landed step;
 * versions are assigned per feature (schema/index.ts).
 */

/** One schema step: `up` runs once, in order, inside a transaction. */
export interface MigrationStep {
  version: number;
  name: string;
  up(sql: SqlStorage): void;
}
