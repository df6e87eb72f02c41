/**
 * Account export and restore routes (docs/api.md "Account data"). JSON routes go through the
 * ApiClient; the archive upload (the File itself is the body, streamed by the browser, with the
 * passphrase in the `TavernEdge-Passphrase` header, never a URL) and the download are raw
 * requests (api/raw-request.ts `send`).
 */
import type { ApiClient } from "../api/client";
import { dispositionFileName, send } from "../api/raw-request";
import { saveBlob } from "../components/save-file";
import type { Services } from "../state/services";
import type { ExportView, RestorePreview, RestoreView } from "./types";

export interface DataApi {
  startExport(body: { includeRuns: boolean; includeSecrets: boolean; passphrase?: string }): Promise<ExportView>;
  getExport(exportId: string): Promise<ExportView>;
  /** Unexpired exports, newest first (`GET /export`). */
  listExports(): Promise<{ exports: ExportView[] }>;
  /** Restores that ran, newest first (`GET /restore`). */
  listRestores(): Promise<{ restores: RestoreView[] }>;
  /** Runs the restore: the view with the report when it finished within the request (200), else `running` (202). */
  startRestore(restoreId: string, strategy: "merge" | "skip" | "replace"): Promise<RestoreView>;
  getRestore(restoreId: string): Promise<RestoreView>;
}

export function dataApi(api: ApiClient): DataApi {
  return {
    startExport: (body) => api.post("/export", body),
    getExport: (exportId) => api.get(`/export/${encodeURIComponent(exportId)}`),
    listExports: () => api.get("/export"),
    listRestores: () => api.get("/restore"),
    startRestore: (restoreId, strategy) => api.post(`/restore/${encodeURIComponent(restoreId)}`, { strategy }),
    getRestore: (restoreId) => api.get(`/restore/${encodeURIComponent(restoreId)}`),
  };
}

/**
 * The `TavernEdge-Passphrase` value for `passphrase`: always an RFC 8187 ext-value (`UTF-8''` +
 * percent-encoded UTF-8), since browsers refuse non-ASCII header values (docs/spec/data-portability.md §2).
 */
export function passphraseHeaderValue(passphrase: string): string {
  const encoded = encodeURIComponent(passphrase).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `UTF-8''${encoded}`;
}

/** Uploads an archive for a preview; `passphrase` opens its secrets. */
export async function previewArchive(services: Services, file: File, passphrase: string): Promise<RestorePreview> {
  const response = await send(services, "/restore/preview", {
    method: "POST",
    body: file,
    headers: {
      "content-type": "application/zip",
      ...(passphrase ? { "TavernEdge-Passphrase": passphraseHeaderValue(passphrase) } : {}),
    },
  });
  return (await response.json()) as RestorePreview;
}

/** Saves a ready export through a download link. */
export async function downloadArchive(services: Services, exportId: string): Promise<void> {
  const response = await send(services, `/export/${encodeURIComponent(exportId)}/download`, { method: "GET" });
  saveBlob(
    await response.blob(),
    dispositionFileName(response.headers.get("content-disposition"), "tavernedge-export.zip"),
  );
}
