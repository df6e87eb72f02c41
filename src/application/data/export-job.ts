/**
 * Account export (docs/spec/data-portability.md §1–2, §5; docs/decisions/2700): a request plans
 * one unit per item of every kind and, with `includeSecrets`, encrypts the secrets of every kind
 * with the user's passphrase at once (the passphrase is never stored). Step kind `data.export`
 * then writes items into the stored zip until its budget (DATA_LIMITS.stepBudgetMs / Bytes) is
 * spent and schedules its next step; the last step writes `secrets.json`, `manifest.json` and the
 * central directory. Every step broadcasts `export.progress`.
 *
 * Errors: `data.passphrase_required` (400), `data.export_busy` (409), `secrets.key_unavailable`,
 * `secrets.key_mismatch` (a stored secret cannot be opened for the export); a failed step marks
 * the export failed with its code (`data.export_too_large`, `app.internal_error`).
 */
import { AppError, type ErrorCode } from "../../domain/errors";
import {
  ARCHIVE_APP,
  ARCHIVE_FORMAT_VERSION,
  BLOB_PREFIX,
  itemFolder,
  MANIFEST_ENTRY,
  SECRETS_ENTRY,
  type ArchiveManifest,
  type ArchiveSection,
} from "../../domain/data/archive-format";
import { DATA_LIMITS } from "../../domain/data/limits";
import type { ExportBody } from "../../contracts/data";
import type { ExportView } from "../../contracts/data-views";
import type { ExportRecord } from "../../ports/data-archive";
import { DATA_EXPIRY_JOB, EXPORT_STEP_JOB, iso, type DataDeps } from "./deps";

const encoder = new TextEncoder();
const UNIT_PAGE = 100;

/** The view of an export record. */
export function exportView(record: ExportRecord): ExportView {
  return {
    exportId: record.id,
    status: record.status,
    done: record.done,
    total: record.total,
    bytes: record.bytes,
    includeRuns: record.options.includeRuns,
    includeSecrets: record.options.includeSecrets,
    error: record.error,
    createdAt: iso(record.createdAt)!,
    finishedAt: iso(record.finishedAt),
    expiresAt: iso(record.expiresAt)!,
  };
}

function broadcast(deps: DataDeps, record: Pick<ExportRecord, "id" | "done" | "total" | "status">): void {
  deps.sockets.broadcast({
    type: "export.progress",
    exportId: record.id,
    done: record.done,
    total: record.total,
    status: record.status,
  });
}

/** Starts an export; answers at once with its view (status running). */
export async function requestExport(deps: DataDeps, body: ExportBody): Promise<ExportView> {
  const includeSecrets = body.includeSecrets === true;
  if (includeSecrets && body.passphrase === undefined)
    throw new AppError(
      "data.passphrase_required",
      "Including secrets needs a passphrase: the secrets are encrypted with it inside the archive.",
    );
  if (!includeSecrets && body.passphrase !== undefined)
    throw new AppError(
      "data.passphrase_required",
      "A passphrase is only used with includeSecrets: true (without it no secret is written).",
    );
  if (deps.exports.list().some((e) => e.status === "running"))
    throw new AppError("data.export_busy", "An export is already being built; wait for it to finish.");
  const options = { includeRuns: body.includeRuns !== false, includeSecrets };
  const units: Array<{ kind: string; itemId: string }> = [];
  for (const kind of deps.kinds) {
    if (kind.withRuns && !options.includeRuns) continue;
    for (const itemId of kind.list()) units.push({ kind: kind.name, itemId });
  }
  let secrets: string | null = null;
  if (includeSecrets && body.passphrase !== undefined) {
    const map: Record<string, Record<string, Record<string, string>>> = {};
    for (const kind of deps.kinds) if (kind.secrets) map[kind.name] = await kind.secrets();
    secrets = JSON.stringify(await deps.codec.encrypt(JSON.stringify(map), body.passphrase));
  }
  const now = deps.clock.now();
  const record: ExportRecord = {
    id: `exp_${crypto.randomUUID().replaceAll("-", "")}`,
    status: "running",
    options,
    secrets,
    done: 0,
    total: units.length,
    bytes: 0,
    error: null,
    createdAt: now,
    finishedAt: null,
    expiresAt: now + DATA_LIMITS.retentionMs,
  };
  deps.exports.create(record, units);
  deps.scheduler.schedule(EXPORT_STEP_JOB, record.id, now);
  deps.scheduler.scheduleBy(DATA_EXPIRY_JOB, "", record.expiresAt);
  broadcast(deps, record);
  return exportView(record);
}

/** One step of export `exportId` (step kind `data.export`). */
export async function runExportStep(deps: DataDeps, exportId: string): Promise<void> {
  const record = deps.exports.get(exportId);
  if (!record || record.status !== "running") return;
  const started = deps.clock.now();
  let offset = record.bytes;
  let written = 0;
  let done = record.done;
  const write = (name: string, data: Uint8Array) => {
    const entry = deps.codec.entry(name, data, offset);
    if (offset + entry.local.byteLength > DATA_LIMITS.exportBytes)
      throw new AppError("data.export_too_large", "The account is too large for one archive (over 2 GiB).");
    deps.exports.appendEntry(exportId, name, entry.local, entry.central);
    offset += entry.local.byteLength;
    written += entry.local.byteLength;
  };
  try {
    for (;;) {
      const units = deps.exports.units(exportId, done, UNIT_PAGE);
      if (units.length === 0) break;
      for (const unit of units) {
        const kind = deps.kinds.find((k) => k.name === unit.kind);
        const item = kind ? await kind.exportItem(unit.itemId) : null;
        if (!item) deps.exports.dropUnit(exportId, unit.idx);
        else {
          const folder = itemFolder(unit.kind, unit.itemId);
          for (const [path, data] of Object.entries(item.files))
            write(folder + path, typeof data === "string" ? encoder.encode(data) : data);
          for (const hash of item.blobs ?? []) {
            if (deps.exports.hasEntry(exportId, BLOB_PREFIX + hash)) continue;
            const bytes = deps.readBlob(hash);
            if (bytes) write(BLOB_PREFIX + hash, bytes);
          }
        }
        done = unit.idx + 1;
        deps.exports.progress(exportId, done);
        if (deps.clock.now() - started > DATA_LIMITS.stepBudgetMs || written > DATA_LIMITS.stepBudgetBytes) {
          broadcast(deps, { ...record, done });
          deps.scheduler.schedule(EXPORT_STEP_JOB, exportId, deps.clock.now());
          return;
        }
      }
    }
    finishArchive(deps, record, write);
    deps.exports.finish(exportId, "ready", deps.clock.now());
    broadcast(deps, { ...record, done, status: "ready" });
  } catch (error) {
    const failure =
      error instanceof AppError
        ? { code: error.code as ErrorCode, message: error.message }
        : { code: "app.internal_error" as ErrorCode, message: "The export failed unexpectedly." };
    deps.exports.finish(exportId, "failed", deps.clock.now(), failure);
    broadcast(deps, { ...record, done, status: "failed" });
  }
}

function finishArchive(deps: DataDeps, record: ExportRecord, write: (name: string, data: Uint8Array) => void): void {
  if (record.secrets !== null) write(SECRETS_ENTRY, encoder.encode(record.secrets));
  const sections: Record<string, ArchiveSection> = {};
  for (const kind of deps.kinds) {
    if (kind.withRuns && !record.options.includeRuns) continue;
    sections[kind.name] = { version: kind.version, items: [] };
  }
  for (let from = 0; ; ) {
    const units = deps.exports.units(record.id, from, 1000);
    if (units.length === 0) break;
    for (const unit of units) sections[unit.kind]?.items.push(unit.itemId);
    from = units[units.length - 1]!.idx + 1;
  }
  const manifest: ArchiveManifest = {
    formatVersion: ARCHIVE_FORMAT_VERSION,
    app: ARCHIVE_APP,
    exportedAt: record.createdAt,
    userId: deps.userId,
    includeRuns: record.options.includeRuns,
    includeSecrets: record.options.includeSecrets,
    sections,
  };
  write(MANIFEST_ENTRY, encoder.encode(JSON.stringify(manifest, null, 2)));
  const current = deps.exports.get(record.id)!;
  deps.exports.appendBytes(record.id, deps.codec.end(deps.exports.centrals(record.id), current.bytes));
}
