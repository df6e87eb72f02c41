/**
 * The skill routes (docs/api.md "Skills"). JSON routes go through the ApiClient; the upload (the
 * File itself is the body, streamed by the browser), file reads and the export download are raw
 * requests (api/raw-request.ts `send`). Errors are ApiErrors with the server's codes
 * (`skill.compression_ratio_exceeded`, `skill.path_traversal`, `skill.conflict`, …).
 */
import type { ApiClient } from "../api/client";
import { dispositionFileName, send } from "../api/raw-request";
import { saveBlob } from "../components/save-file";
import type { Services } from "../state/services";
import type { InstallResult, SkillEntry, SkillFile, SkillPreview } from "./types";

const q = (scope: string) => `?scope=${encodeURIComponent(scope)}`;
const at = (name: string) => `/skills/${encodeURIComponent(name)}`;

export interface SkillsApi {
  list(): Promise<{ skills: SkillEntry[] }>;
  get(name: string, scope: string): Promise<{ skill: SkillEntry; files: SkillFile[] }>;
  install(previewId: string, conflictStrategy?: "skip" | "replace"): Promise<InstallResult>;
  remove(name: string, scope: string): Promise<{ deleted: true }>;
  move(name: string, from: string, to: string, conflictStrategy?: "skip" | "replace"): Promise<InstallResult>;
}

export function skillsApi(api: ApiClient): SkillsApi {
  return {
    list: () => api.get("/skills?scope=all"),
    get: (name, scope) => api.get(`${at(name)}${q(scope)}`),
    install: (previewId, conflictStrategy) =>
      api.post("/skills/import", { previewId, ...(conflictStrategy ? { conflictStrategy } : {}) }),
    remove: (name, scope) => api.del(`${at(name)}${q(scope)}`),
    move: (name, from, to, conflictStrategy) =>
      api.post(`${at(name)}/move`, { from, to, ...(conflictStrategy ? { conflictStrategy } : {}) }),
  };
}

/** Uploads a `.zip`/`.ttskill` (or a `SKILL.md`) for a preview into `targetScope`. */
export async function previewSkillFile(services: Services, file: File, targetScope: string): Promise<SkillPreview> {
  const markdown = /\.md$/i.test(file.name);
  const response = await send(services, `/skills/import/preview?targetScope=${encodeURIComponent(targetScope)}`, {
    method: "POST",
    body: file,
    headers: { "content-type": markdown ? "text/markdown" : "application/zip" },
  });
  return (await response.json()) as SkillPreview;
}

/** The text of a text file of a skill (served as text/plain). */
export async function readSkillText(services: Services, name: string, scope: string, path: string): Promise<string> {
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  const response = await send(services, `${at(name)}/files/${encoded}${q(scope)}`, { method: "GET" });
  return response.text();
}

/** Downloads one file of a skill. */
export async function downloadSkillFile(services: Services, name: string, scope: string, path: string): Promise<void> {
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  const response = await send(services, `${at(name)}/files/${encoded}${q(scope)}&download`, { method: "GET" });
  saveBlob(await response.blob(), dispositionFileName(response.headers.get("content-disposition"), path));
}

/** Downloads the skill as `<name>.zip`. */
export async function exportSkill(services: Services, name: string, scope: string): Promise<void> {
  const response = await send(services, `${at(name)}/export${q(scope)}`, { method: "GET" });
  saveBlob(await response.blob(), dispositionFileName(response.headers.get("content-disposition"), `${name}.zip`));
}
