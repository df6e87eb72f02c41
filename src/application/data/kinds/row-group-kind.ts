/**
 * Archive kinds stored as row groups (docs/spec/data-portability.md §1): `runs` (a run with its
 * journal, loop state, hidden documents, guidance, workspace files and checkpoints), `workspaces`
 * (a chat workspace's persistent states) and `skills` (an installed skill and its file list). The
 * item is `rows.json` (rows by table); file contents are shared blobs (`blobs/<sha256>`), written
 * once per archive. Restore stores the blobs, then inserts every row in one transaction; a refused
 * item's new blobs are swept again. A run that was still going when exported is refused
 * (`data.run_not_finished`): nothing would continue it here. A character's avatar travels as
 * binary files of its item (`bin/<n>`). In a merge (docs/decisions/2750) every text value of every
 * row goes through the restore's id map (its own key included), except the prose columns below;
 * runs, characters and books take a fresh id when theirs is taken; a skill takes the scope of the
 * character or profile it belongs to, and one whose name is taken in that scope is skipped.
 *
 * Errors of an item: `data.item_invalid`, `data.run_not_finished`, `data.item_busy` (replacing a
 * run that is going now).
 */
import { AppError } from "../../../domain/errors";
import { isTerminalStatus, type AgentRunStatus } from "../../../domain/agent/run-status";
import { newRunId } from "../../../domain/agent/run-ids";
import { newBookId, newCharacterId } from "../../../domain/characters/ids";
import type { IdRemap } from "../../../domain/data/id-remap";
import type { GroupRows, RowGroup, RowGroupStore, RowValue } from "../../../ports/data-archive";
import type { ArchiveKind } from "../kind";

export interface RowGroupKindDeps {
  groups: RowGroupStore;
  /** Stores bytes as a blob (the shared content-addressed store); returns its sha256. */
  putBlob(data: Uint8Array): Promise<string>;
  /** Sweeps blobs nothing refers to any more among `hashes`. */
  sweep(hashes: string[]): void;
  transaction<T>(fn: () => T): T;
}

/** Columns that hold prose or document chunks, never rewritten by a merge (docs/decisions/2750). */
const CONTENT_COLUMNS: Record<string, ReadonlySet<string>> = {
  te_agent_docs: new Set(["body"]),
  te_agent_guidance: new Set(["text"]),
};

/** Fresh ids of the kinds whose ids are random (others cannot be remapped). */
const NEW_IDS: Partial<Record<RowGroup, () => string>> = {
  run: newRunId,
  character: newCharacterId,
  book: newBookId,
};

const KEY_SEPARATOR = "\u0000";

/** The rows with every reference rewritten through `remap` (a copy). */
export function remapRows(rows: GroupRows, remap: IdRemap): GroupRows {
  if (remap.empty) return rows;
  const out: GroupRows = {};
  for (const [table, list] of Object.entries(rows)) {
    const content = CONTENT_COLUMNS[table];
    out[table] = (Array.isArray(list) ? list : []).map((row) => {
      if (row === null || typeof row !== "object") return row;
      const copy: Record<string, RowValue> = {};
      for (const [column, value] of Object.entries(row))
        copy[column] = typeof value === "string" && !content?.has(column) ? remap.text(value, column) : value;
      return copy;
    });
  }
  return out;
}

function runStatus(rows: GroupRows): string | null {
  const run = rows.te_runs?.[0];
  return run && typeof run.status === "string" ? run.status : null;
}

function fresh(make: () => string, taken: (candidate: string) => boolean): string {
  for (;;) {
    const id = make();
    if (!taken(id)) return id;
  }
}

/** A kind over row group `group`, named `name`. */
export function rowGroupKind(
  name: string,
  group: RowGroup,
  deps: RowGroupKindDeps,
  withRuns: boolean,
  version = 1,
): ArchiveKind {
  const { groups } = deps;
  return {
    name,
    version,
    withRuns,
    list: () => groups.keys(group),
    async exportItem(id) {
      const dump = groups.dump(group, id);
      if (!dump) return null;
      return { files: { "rows.json": JSON.stringify(dump.rows), ...dump.files }, blobs: dump.blobs };
    },
    exists: (id) => groups.exists(group, id),
    ...(NEW_IDS[group] ? { newId: (_id: string, taken: (c: string) => boolean) => fresh(NEW_IDS[group]!, taken) } : {}),
    ...(group === "skill"
      ? {
          derivedId: (id: string, remap: IdRemap) =>
            id
              .split(KEY_SEPARATOR)
              .map((part, i) => (i === 0 ? remap.string(part) : part))
              .join(KEY_SEPARATOR),
        }
      : {}),
    async importItem(item, { replace, remap, targetId }) {
      const archived = item.json<GroupRows>("rows.json");
      if (archived === null || typeof archived !== "object" || Array.isArray(archived))
        throw new AppError("data.item_invalid", `${name} ${item.id} in the archive is incomplete.`);
      const rows = remapRows(archived, remap);
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
      const old = replace ? (groups.dump(group, targetId)?.blobs ?? []) : [];
      for (const hash of hashes) {
        const stored = await deps.putBlob(await item.blob(hash));
        if (stored !== hash) throw new AppError("data.item_invalid", `The blob ${hash} does not match its name.`);
      }
      try {
        deps.transaction(() => {
          if (replace) groups.remove(group, targetId);
          groups.load(group, targetId, rows, (file) => item.file(file));
        });
      } catch (error) {
        deps.sweep([...hashes]);
        throw error;
      }
      if (old.length > 0) deps.sweep(old);
    },
  };
}
