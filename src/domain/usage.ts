/**
 * The usage report of one user (docs/spec/retention-usage.md "Usage"): bytes per area from
 * counters kept as data changes, `total` from the platform's database size, `other` the rest
 * (indexes, page overhead, devices, profiles, registrations, file maps, checkpoints rows…).
 */

/** Raw counters: `bytes.<area>` and `count.<name>` (adapters/storage/usage-triggers.ts). */
export type UsageCounters = Readonly<Record<string, number>>;

/** `GET /api/v1/usage`. Bytes are UTF-8 payload bytes; `total` is what the platform bills. */
export interface UsageReport {
  bytes: { chats: number; runs: number; workspace: number; catalogs: number; other: number; total: number };
  counts: {
    chats: number;
    messages: number;
    runs: number;
    journalEvents: number;
    workspaceBlobs: number;
    registrations: number;
  };
}

/** Builds the report from the counters and the database size (bytes). */
export function usageReport(counters: UsageCounters, databaseSize: number): UsageReport {
  const get = (key: string) => Math.max(0, Math.trunc(counters[key] ?? 0));
  const chats = get("bytes.chats");
  const runs = get("bytes.runs");
  const workspace = get("bytes.workspace");
  const catalogs = get("bytes.catalogs");
  const tracked = chats + runs + workspace + catalogs;
  const total = Math.max(Math.trunc(databaseSize), tracked);
  return {
    bytes: { chats, runs, workspace, catalogs, other: total - tracked, total },
    counts: {
      chats: get("count.chats"),
      messages: get("count.messages"),
      runs: get("count.runs"),
      journalEvents: get("count.journalEvents"),
      workspaceBlobs: get("count.workspaceBlobs"),
      registrations: get("count.registrations"),
    },
  };
}

/** Bytes a prune can free: the tracked areas runs and workspace (chats and catalogs are never pruned). */
export function prunableBytes(counters: UsageCounters): number {
  return (counters["bytes.runs"] ?? 0) + (counters["bytes.workspace"] ?? 0);
}
