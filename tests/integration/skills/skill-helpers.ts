/** Helpers of the skills pool tests: preview/install through the real Worker. */
import { SELF } from "cloudflare:test";
import { api, apiJson } from "../helpers";

/** POSTs a raw `.zip` body to the preview route. */
export async function previewZip(token: string, zip: Uint8Array, targetScope?: string): Promise<Response> {
  const query = targetScope ? `?targetScope=${encodeURIComponent(targetScope)}` : "";
  return SELF.fetch(`https://edge.test/api/v1/skills/import/preview${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/zip" },
    body: zip as Uint8Array<ArrayBuffer>,
  });
}

export async function previewFiles(
  token: string,
  files: Array<{ path: string; content: string; encoding?: string }>,
  targetScope?: string,
): Promise<Response> {
  return api("/api/v1/skills/import/preview", {
    token,
    body: { files, ...(targetScope ? { targetScope } : {}) },
  });
}

/** Previews SKILL.md text and installs it (conflict strategy optional). */
export async function installManifest(
  token: string,
  text: string,
  targetScope?: string,
  conflictStrategy?: "skip" | "replace",
): Promise<any> {
  const query = targetScope ? `?targetScope=${encodeURIComponent(targetScope)}` : "";
  const preview = await apiJson(`/api/v1/skills/import/preview${query}`, {
    token,
    body: text,
    headers: { "content-type": "text/markdown" },
    expectStatus: 200,
  });
  return apiJson("/api/v1/skills/import", {
    token,
    body: { previewId: preview.previewId, ...(conflictStrategy ? { conflictStrategy } : {}) },
    expectStatus: 200,
  });
}
