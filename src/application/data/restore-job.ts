/**
 * Restore, second half (docs/spec/data-portability.md §3, §5): `startRestore` fixes the strategy
 * (and, for `merge`, the id map: restore-plan.ts) and runs the first step of the restore within
 * the request; when it does not finish there, step kind `data.restore` continues, each step
 * importing items in manifest order until its budget is spent. Each item is imported whole or not
 * at all (ArchiveKind.importItem). An item whose id exists here is imported under a new id with
 * every reference rewritten (`merge`, docs/decisions/2750), skipped (`data.item_exists`) or
 * replaced, per the strategy; an item that fails is refused with its code and message. The report
 * is one row per item (with `newId` when remapped). When done, the staged bytes are dropped (the
 * report stays until the restore expires).
 *
 * Errors: `data.restore_not_found` (404), `data.restore_state` (409).
 */
import { AppError, type ErrorCode } from "../../domain/errors";
import { BLOB_PREFIX, itemFolder, type ArchiveManifest } from "../../domain/data/archive-format";
import { IdRemap, type IdMapJson } from "../../domain/data/id-remap";
import { DATA_LIMITS } from "../../domain/data/limits";
import type { RestoreStrategy } from "../../contracts/data";
import type { RestorePreview, RestoreView } from "../../contracts/data-views";
import type { RangeSource, RestoreRecord, RestoreResult, ZipIndexEntry } from "../../ports/data-archive";
import { RESTORE_STEP_JOB, type DataDeps } from "./deps";
import type { ArchivedItem } from "./kind";
import { planMerge } from "./restore-plan";
import { requireRestore, restoreSecretsAad, stagedSource } from "./restore-preview";

/**
 * How long after a restore starts its step job is due as a safety net while the first step runs
 * within the request (if the object stops during it, the job resumes the restore), ms.
 */
const INLINE_WATCHDOG_MS = 60_000;

function units(manifest: ArchiveManifest): Array<{ kind: string; itemId: string }> {
  const out: Array<{ kind: string; itemId: string }> = [];
  for (const [kind, section] of Object.entries(manifest.sections))
    for (const itemId of Array.isArray(section?.items) ? section.items : [])
      if (typeof itemId === "string") out.push({ kind, itemId });
  return out;
}

/** The view of a restore, with its report once it ran. */
export function restoreView(deps: DataDeps, record: RestoreRecord): RestoreView {
  const items = record.status === "running" || record.status === "done" ? deps.restores.results(record.id) : [];
  const count = (outcome: RestoreResult["outcome"]) => items.filter((i) => i.outcome === outcome).length;
  return {
    restoreId: record.id,
    status: record.status,
    strategy: record.strategy,
    done: record.done,
    total: record.total,
    error: record.error,
    preview: record.preview ? (JSON.parse(record.preview) as RestorePreview) : null,
    report:
      record.status === "done"
        ? {
            imported: count("imported"),
            replaced: count("replaced"),
            skipped: count("skipped"),
            refused: count("refused"),
            remapped: items.flatMap((i) =>
              i.newId !== null && i.outcome === "imported" ? [{ kind: i.kind, itemId: i.itemId, newId: i.newId }] : [],
            ),
            items,
          }
        : null,
  };
}

/** How many restores `GET /api/v1/restore` lists. */
const LISTED_RESTORES = 5;

/**
 * The restores that ran (running, done or failed) and have not expired, newest first, at most 5:
 * what a reloaded page or another device shows (docs/spec/data-portability.md §5).
 */
export function listRestores(deps: DataDeps): { restores: RestoreView[] } {
  return {
    restores: deps.restores.latestRun(deps.clock.now(), LISTED_RESTORES).map((record) => restoreView(deps, record)),
  };
}

export function restoreStatus(deps: DataDeps, restoreId: string): RestoreView {
  return restoreView(deps, requireRestore(deps, restoreId));
}

/**
 * Starts restoring a previewed archive with `strategy` and runs its first step (≤ the step budget,
 * DATA_LIMITS.stepBudgetMs) before answering: a small archive answers `done` with the report; a
 * larger one answers `running` and step kind `data.restore` goes on (docs/decisions/2750).
 * Errors: `data.restore_not_found`, `data.restore_state`.
 */
export async function startRestore(deps: DataDeps, restoreId: string, strategy: RestoreStrategy): Promise<RestoreView> {
  const record = requireRestore(deps, restoreId);
  if (record.status !== "previewed")
    throw new AppError(
      "data.restore_state",
      record.status === "staging"
        ? "Preview this archive before restoring it."
        : "This archive is being restored or was restored already.",
    );
  const list = units(JSON.parse(record.manifest!) as ArchiveManifest);
  const total = list.length;
  // Claim it before the first await, so a second POST gets data.restore_state.
  deps.restores.update(restoreId, { status: "running", strategy, total, done: 0 });
  deps.scheduler.schedule(RESTORE_STEP_JOB, restoreId, deps.clock.now() + INLINE_WATCHDOG_MS);
  try {
    const idMap = strategy === "merge" ? await planMerge(deps.kinds, list) : {};
    deps.restores.update(restoreId, { idMap: JSON.stringify(idMap) });
  } catch (error) {
    deps.scheduler.cancel(RESTORE_STEP_JOB, restoreId);
    deps.restores.update(restoreId, { status: "previewed", strategy: null, total: 0 });
    throw error;
  }
  deps.sockets.broadcast({ type: "restore.progress", restoreId, done: 0, total, status: "running" });
  await runRestoreStep(deps, restoreId);
  return restoreView(deps, requireRestore(deps, restoreId));
}

function archivedItem(
  deps: DataDeps,
  source: RangeSource,
  byName: Map<string, ZipIndexEntry>,
  kind: string,
  itemId: string,
): ArchivedItem {
  const folder = itemFolder(kind, itemId);
  const file = (path: string) => {
    const entry = byName.get(folder + path);
    return entry ? deps.codec.read(source, entry) : null;
  };
  const text = (path: string) => {
    const bytes = file(path);
    return bytes === null ? null : new TextDecoder().decode(bytes);
  };
  return {
    id: itemId,
    file,
    text,
    json<T>(path: string): T {
      const value = text(path);
      if (value === null) throw new AppError("data.item_invalid", `${folder}${path} is missing from the archive.`);
      try {
        return JSON.parse(value) as T;
      } catch {
        throw new AppError("data.item_invalid", `${folder}${path} in the archive is not JSON.`);
      }
    },
    async blob(sha256: string) {
      const entry = byName.get(BLOB_PREFIX + sha256);
      if (!entry)
        throw new AppError("data.item_invalid", `The archive lacks the file content ${sha256.slice(0, 12)}….`);
      return deps.codec.read(source, entry);
    },
  };
}

/** One step of restore `restoreId` (step kind `data.restore`). */
export async function runRestoreStep(deps: DataDeps, restoreId: string): Promise<void> {
  const record = deps.restores.get(restoreId);
  if (!record || record.status !== "running" || !record.manifest) return;
  const started = deps.clock.now();
  const source = stagedSource(deps, record);
  let done = record.done;
  try {
    const byName = new Map(deps.codec.index(source).map((e) => [e.name, e]));
    const list = units(JSON.parse(record.manifest) as ArchiveManifest);
    const remap = new IdRemap(record.idMap ? (JSON.parse(record.idMap) as IdMapJson) : {});
    const secrets = record.secretsSealed
      ? (JSON.parse(await deps.cipher.open(JSON.parse(record.secretsSealed), restoreSecretsAad(restoreId))) as Record<
          string,
          Record<string, Record<string, string>>
        >)
      : undefined;
    while (done < list.length) {
      const unit = list[done]!;
      deps.restores.addResult(restoreId, done, await importOne(deps, source, byName, unit, record, remap, secrets));
      done += 1;
      deps.restores.update(restoreId, { done });
      if (done < list.length && deps.clock.now() - started > DATA_LIMITS.stepBudgetMs) {
        deps.sockets.broadcast({ type: "restore.progress", restoreId, done, total: list.length, status: "running" });
        deps.scheduler.schedule(RESTORE_STEP_JOB, restoreId, deps.clock.now());
        return;
      }
    }
    deps.restores.update(restoreId, { status: "done", finishedAt: deps.clock.now(), secretsSealed: null });
    deps.restores.dropBytes(restoreId);
    deps.scheduler.cancel(RESTORE_STEP_JOB, restoreId);
    deps.sockets.broadcast({ type: "restore.progress", restoreId, done, total: list.length, status: "done" });
  } catch (error) {
    const failure =
      error instanceof AppError
        ? { code: error.code as ErrorCode, message: error.message }
        : { code: "app.internal_error" as ErrorCode, message: "The restore stopped unexpectedly." };
    deps.restores.update(restoreId, { status: "failed", error: failure, finishedAt: deps.clock.now() });
    deps.restores.dropBytes(restoreId);
    deps.scheduler.cancel(RESTORE_STEP_JOB, restoreId);
    deps.sockets.broadcast({ type: "restore.progress", restoreId, done, total: record.total, status: "failed" });
  }
}

async function importOne(
  deps: DataDeps,
  source: RangeSource,
  byName: Map<string, ZipIndexEntry>,
  unit: { kind: string; itemId: string },
  record: RestoreRecord,
  remap: IdRemap,
  secrets: Record<string, Record<string, Record<string, string>>> | undefined,
): Promise<RestoreResult> {
  const targetId = remap.idOf(unit.kind, unit.itemId);
  const base = { kind: unit.kind, itemId: unit.itemId, newId: targetId === unit.itemId ? null : targetId };
  const kind = deps.kinds.find((k) => k.name === unit.kind);
  if (!kind)
    return {
      ...base,
      newId: null,
      outcome: "refused",
      code: "data.kind_unknown",
      message: `This server does not know items of kind ${unit.kind}.`,
    };
  const exists = kind.exists(targetId);
  if (exists && record.strategy !== "replace")
    return {
      ...base,
      newId: null,
      outcome: "skipped",
      code: "data.item_exists",
      message:
        record.strategy === "merge"
          ? "An item with this id exists here and this kind cannot take a new id; kept as it is."
          : "An item with this id exists here; kept as it is.",
    };
  try {
    await kind.importItem(archivedItem(deps, source, byName, unit.kind, unit.itemId), {
      replace: exists,
      targetId,
      remap,
      secrets: secrets?.[unit.kind]?.[unit.itemId],
    });
    return { ...base, outcome: exists ? "replaced" : "imported", code: null, message: null };
  } catch (error) {
    if (error instanceof AppError)
      return { ...base, newId: null, outcome: "refused", code: error.code, message: error.message };
    console.error(
      JSON.stringify({
        level: "error",
        event: "data.restore_item_failed",
        kind: unit.kind,
        message: String(error).slice(0, 200),
      }),
    );
    return {
      ...base,
      newId: null,
      outcome: "refused",
      code: "app.internal_error",
      message: "This item could not be imported.",
    };
  }
}
