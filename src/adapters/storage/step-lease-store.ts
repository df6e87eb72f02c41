/** The leases of steps running detached, `te_step_leases` (schema v10; docs/spec/scheduling.md, docs/decisions/1800). */
import type { StepLease, StepLeaseStore } from "../../ports/schedule-store";

export class SqlStepLeaseStore implements StepLeaseStore {
  constructor(private readonly sql: SqlStorage) {}

  acquire(kind: string, ref: string, leaseUntil: number, startedAt: number): void {
    this.sql.exec(
      "INSERT INTO te_step_leases(kind, ref, lease_until, started_at) VALUES(?, ?, ?, ?) ON CONFLICT(kind, ref) DO UPDATE SET lease_until = excluded.lease_until, started_at = excluded.started_at",
      kind,
      ref,
      leaseUntil,
      startedAt,
    );
  }

  renew(kind: string, ref: string, leaseUntil: number): void {
    this.sql.exec("UPDATE te_step_leases SET lease_until = ? WHERE kind = ? AND ref = ?", leaseUntil, kind, ref);
  }

  release(kind: string, ref: string): void {
    this.sql.exec("DELETE FROM te_step_leases WHERE kind = ? AND ref = ?", kind, ref);
  }

  all(): StepLease[] {
    return this.sql
      .exec("SELECT * FROM te_step_leases")
      .toArray()
      .map((row) => ({ kind: String(row.kind), ref: String(row.ref), leaseUntil: Number(row.lease_until) }));
  }
}
