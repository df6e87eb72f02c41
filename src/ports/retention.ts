/**
 * Ports of run retention and usage (docs/spec/retention-usage.md). Implemented by
 * adapters/storage/retention-store.ts and adapters/storage/usage-store.ts.
 */
import type { RetentionCandidate, RetentionSettings } from "../domain/agent/retention";
import type { UsageCounters } from "../domain/usage";

/** The stored settings with their revision and the last prune's result. */
export interface StoredRetention extends RetentionSettings {
  /** 0 while the defaults were never changed. */
  revision: number;
  /** ms epoch of the last change, null for the defaults. */
  updatedAt: number | null;
  lastPrune: PruneRecord | null;
}

/** What one prune did (kept for the settings view and operators). */
export interface PruneRecord {
  /** RFC 3339 */
  at: string;
  trigger: "manual" | "daily";
  slimmed: number;
  deleted: number;
  bytesFreed: number;
  /** Runs the plan still holds for a next invocation (the prune stops at its time budget). */
  remaining: number;
}

export interface RetentionStore {
  read(): StoredRetention;
  /** Saves the settings; returns the new revision. */
  write(settings: RetentionSettings, now: number): number;
  recordPrune(record: PruneRecord): void;
  /** Every run, newest first (createdAt DESC, runId DESC); lazily read. */
  candidates(): Iterable<RetentionCandidate>;
}

/** The usage counters kept as data changes, and the platform's database size. */
export interface UsageReader {
  counters(): UsageCounters;
  /** Bytes the platform reports for the whole database (ctx.storage.sql.databaseSize). */
  databaseSize(): number;
}
