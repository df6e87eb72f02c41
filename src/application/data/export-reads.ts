/**
 * Reading exports (docs/spec/data-portability.md §5): status, list, the download stream (the
 * stored chunks in order, pulled one at a time) and removal; expired exports and restores are
 * removed by job `data.expire`.
 *
 * Errors: `data.export_not_found` (404; also after expiry), `data.export_not_ready` (409).
 */
import { AppError } from "../../domain/errors";
import type { ExportView } from "../../contracts/data-views";
import type { ExportRecord } from "../../ports/data-archive";
import { DATA_EXPIRY_JOB, type DataDeps } from "./deps";
import { exportView } from "./export-job";

function requireExport(deps: DataDeps, exportId: string): ExportRecord {
  const record = deps.exports.get(exportId);
  if (!record || record.expiresAt <= deps.clock.now())
    throw new AppError(
      "data.export_not_found",
      "This export does not exist or has expired (exports are kept 24 hours).",
    );
  return record;
}

export function exportStatus(deps: DataDeps, exportId: string): ExportView {
  return exportView(requireExport(deps, exportId));
}

export function listExports(deps: DataDeps): { exports: ExportView[] } {
  const now = deps.clock.now();
  return {
    exports: deps.exports
      .list()
      .filter((e) => e.expiresAt > now)
      .map(exportView),
  };
}

/** The archive as a byte stream with its size and a file name. */
export function downloadExport(
  deps: DataDeps,
  exportId: string,
): { fileName: string; bytes: number; stream: ReadableStream<Uint8Array> } {
  const record = requireExport(deps, exportId);
  if (record.status !== "ready")
    throw new AppError(
      "data.export_not_ready",
      record.status === "failed" ? "This export failed; start a new one." : "This export is still being built.",
    );
  let idx = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = deps.exports.chunk(exportId, idx);
      idx += 1;
      if (chunk === null) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const date = new Date(record.createdAt).toISOString().slice(0, 10);
  return { fileName: `tavernedge-${date}-${exportId}.zip`, bytes: record.bytes, stream };
}

export function deleteExport(deps: DataDeps, exportId: string): { removed: true } {
  requireExport(deps, exportId);
  deps.scheduler.cancel("data.export", exportId);
  deps.exports.remove(exportId);
  return { removed: true };
}

/** Job `data.expire`: removes expired exports and restores; re-arms for the next expiry. */
export function expireData(deps: DataDeps): void {
  const now = deps.clock.now();
  for (const id of deps.exports.expired(now)) deps.exports.remove(id);
  for (const id of deps.restores.expired(now)) deps.restores.remove(id);
  const next = [...deps.exports.list().map((e) => e.expiresAt)];
  if (next.length > 0) deps.scheduler.scheduleBy(DATA_EXPIRY_JOB, "", Math.min(...next));
}
