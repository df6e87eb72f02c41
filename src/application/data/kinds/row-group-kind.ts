/**
 * Archive kinds stored as row groups (docs/spec/data-portability.md §1): `runs` (a run with its
 * journal, loop state, hidden documents, guidance, workspace files and checkpoints), `workspaces`
 * (a chat workspace's persistent states) and `skills` (an installed skill and its file list). The
 * item is `rows.json` (rows by table); file contents are shared blobs (`blobs/<sha256>`), written
 * once per archive. Restore stores the blobs, then inserts every row in one transaction; a refused
 * item's new blobs are swept again. A run that was still going when exported is refused
 * (`data.run_not_finished`): nothing would continue it here.
 *
 * Errors of an item: `data.item_invalid`, `data.run_not_finished`, `data.item_busy` (replacing a
 * run that is going now).
 */
import { AppError } from "../../../domain/errors";
import { isTerminalStatus, type AgentRunStatus } from "../../../domain/agent/run-status";
import type { GroupRows, RowGroup, RowGroupStore } from "../../../ports/data-archive";
import type { ArchiveKind } from "../kind";

export interface RowGroupKindDeps {
  groups: RowGroupStore;
  /** Stores bytes as a blob (the shared content-addressed store); returns its sha256. */
  putBlob(data: Uint8Array): Promise<string>;
  /** Sweeps blobs nothing refers to any more among `hashes`. */
  sweep(hashes: string[]): void;
  transaction<T>(fn: () => T): T;
}

function runStatus(rows: GroupRows): string | null {
  const run = rows.te_runs?.[0];
  return run && typeof run.status === "string" ? run.status : null;
}

/** A kind over row group `group`, named `name`. */
export function rowGroupKind(name: string, group: RowGroup, deps: RowGroupKindDeps, withRuns: boolean): ArchiveKind {
  const { groups } = deps;
  return {
    name,
    version: 1,
    withRuns,
    list: () => groups.keys(group),
    async exportItem(id) {
      const dump = groups.dump(group, id);
      if (!dump) return null;
      return { files: { "rows.json": JSON.stringify(dump.rows) }, blobs: dump.blobs };
    },
    exists: (id) => groups.exists(group, id),
    async importItem(item, { replace }) {
      const rows = item.json<GroupRows>("rows.json");
      if (rows === null || typeof rows !== "object" || Array.isArray(rows))
        throw new AppError("data.item_invalid", `${name} ${item.id} in the archive is incomplete.`);
      if (group === "run") {
        const status = runStatus(rows);
        if (status === null) throw new AppError("data.item_invalid", `The run ${item.id} has no run record.`);
        if (!isTerminalStatus(status as AgentRunStatus))
          throw new AppError("data.run_not_finished", `The run ${item.id} was still ${status} when it was exported.`);
        if (replace) {
          const current = groups.dump(group, item.id);
          const currentStatus = current ? runStatus(current.rows) : null;
          if (currentStatus !== null && !isTerminalStatus(currentStatus as AgentRunStatus))
            throw new AppError("data.item_busy", `The run ${item.id} is going here now; it was not replaced.`);
        }
      }
      const hashes = new Set<string>();
      for (const list of Object.values(rows))
        for (const row of Array.isArray(list) ? list : [])
          if (row && typeof row.hash === "string") hashes.add(row.hash);
      const old = replace ? (groups.dump(group, item.id)?.blobs ?? []) : [];
      for (const hash of hashes) {
        const stored = await deps.putBlob(await item.blob(hash));
        if (stored !== hash) throw new AppError("data.item_invalid", `The blob ${hash} does not match its name.`);
      }
      try {
        deps.transaction(() => {
          if (replace) groups.remove(group, item.id);
          groups.load(group, item.id, rows);
        });
      } catch (error) {
        deps.sweep([...hashes]);
        throw error;
      }
      if (old.length > 0) deps.sweep(old);
    },
  };
}
