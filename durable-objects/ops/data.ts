/**
 * Account export and restore operations (docs/spec/data-portability.md; routes in
 * src/http/routes/data.ts). Archives travel as byte streams over RPC, never buffered whole.
 */
import type { ExportBody, RestoreStrategy } from "../../src/contracts/data";
import { requestExport } from "../../src/application/data/export-job";
import { deleteExport, downloadExport, exportStatus, listExports } from "../../src/application/data/export-reads";
import { previewRestore, stageUpload } from "../../src/application/data/restore-preview";
import { listRestores, restoreStatus, startRestore } from "../../src/application/data/restore-job";
import { dataDeps } from "../../src/composition/data";
import { defineOps } from "./registry";

export const dataOps = defineOps({
  "data.export.start": (space, input: ExportBody) => requestExport(dataDeps(space), input),
  "data.export.list": (space, _input: Record<string, never>) => listExports(dataDeps(space)),
  "data.export.get": (space, input: { exportId: string }) => exportStatus(dataDeps(space), input.exportId),
  "data.export.download": (space, input: { exportId: string }) => downloadExport(dataDeps(space), input.exportId),
  "data.export.delete": (space, input: { exportId: string }) => deleteExport(dataDeps(space), input.exportId),
  "data.restore.upload": (space, input: { body: ReadableStream<Uint8Array>; restoreId?: string; offset?: number }) =>
    stageUpload(dataDeps(space), input.body, input.restoreId, input.offset),
  "data.restore.preview": async (
    space,
    input: { body?: ReadableStream<Uint8Array>; restoreId?: string; passphrase?: string },
  ) => {
    const deps = dataDeps(space);
    if (input.body) return previewRestore(deps, (await stageUpload(deps, input.body)).restoreId, input.passphrase);
    return previewRestore(deps, input.restoreId!, input.passphrase, true);
  },
  "data.restore.start": (space, input: { restoreId: string; strategy: RestoreStrategy }) =>
    startRestore(dataDeps(space), input.restoreId, input.strategy),
  "data.restore.list": (space, _input: Record<string, never>) => listRestores(dataDeps(space)),
  "data.restore.get": (space, input: { restoreId: string }) => restoreStatus(dataDeps(space), input.restoreId),
});
