/**
 * The World Info routes (docs/api.md "World Info"). JSON routes go through the ApiClient; the
 * import (the File itself is the body) and the export download are raw requests. Errors are
 * ApiErrors with the server's codes (`worldinfo.file_invalid`, `worldinfo.invalid_regex`,
 * `worldinfo.revision_conflict`, …).
 */
import type { ApiClient } from "../api/client";
import { dispositionFileName, send } from "../api/raw-request";
import { saveBlob } from "../components/save-file";
import type { Services } from "../state/services";
import type { ActivationTestResult, Attachment, BookList, BookView, WorldEntry, WorldInfoSettings } from "./types";

const at = (id: string) => `/worldinfo/${encodeURIComponent(id)}`;

export interface WorldInfoApi {
  list(): Promise<BookList>;
  get(id: string): Promise<BookView>;
  create(name: string): Promise<BookView>;
  update(id: string, patch: { name?: string; attach?: Attachment[]; detach?: Attachment[] }): Promise<BookView>;
  remove(id: string): Promise<{ id: string; deleted: true }>;
  addEntry(id: string, entry: Record<string, unknown>, ifRevision: number): Promise<BookView>;
  putEntry(id: string, entry: WorldEntry, ifRevision: number): Promise<BookView>;
  deleteEntry(id: string, uid: number, ifRevision: number): Promise<BookView>;
  settings(): Promise<WorldInfoSettings>;
  patchSettings(patch: Partial<WorldInfoSettings>): Promise<WorldInfoSettings>;
  test(text: string, bookIds?: string[]): Promise<ActivationTestResult>;
}

export function worldInfoApi(api: ApiClient): WorldInfoApi {
  return {
    list: () => api.get("/worldinfo"),
    get: (id) => api.get(at(id)),
    create: (name) => api.post("/worldinfo", { name }),
    update: (id, patch) => api.patch(at(id), patch),
    remove: (id) => api.del(at(id)),
    addEntry: (id, entry, ifRevision) => api.post(`${at(id)}/entries`, { entry, ifRevision }),
    putEntry: (id, entry, ifRevision) => api.put(`${at(id)}/entries/${entry.uid}`, { entry, ifRevision }),
    deleteEntry: (id, uid, ifRevision) => api.del(`${at(id)}/entries/${uid}?ifRevision=${ifRevision}`),
    settings: () => api.get("/worldinfo/settings"),
    patchSettings: (patch) => api.patch("/worldinfo/settings", patch),
    test: (text, bookIds) => api.post("/worldinfo/activation/test", { text, ...(bookIds ? { bookIds } : {}) }),
  };
}

/**
 * Uploads a SillyTavern World Info JSON file as a new book named after the file. `copy`: import it
 * even when the same file is already in the library (else `worldinfo.import_duplicate`).
 */
export async function importBookFile(services: Services, file: File, copy = false): Promise<BookView> {
  const name = file.name.replace(/\.json$/i, "").slice(0, 200) || "World Info";
  const query = `name=${encodeURIComponent(name)}${copy ? "&onDuplicate=copy" : ""}`;
  const response = await send(services, `/worldinfo/import?${query}`, {
    method: "POST",
    body: file,
    headers: { "content-type": "application/json" },
  });
  return (await response.json()) as BookView;
}

/** Downloads the book as a SillyTavern World Info JSON file. */
export async function exportBook(services: Services, id: string): Promise<void> {
  const response = await send(services, `${at(id)}/export`, { method: "GET" });
  saveBlob(await response.blob(), dispositionFileName(response.headers.get("content-disposition"), "world.json"));
}
