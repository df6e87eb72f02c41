/** Helpers of the account export/restore tests (docs/spec/data-portability.md). */
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { api, apiJson } from "../helpers";
import { inSpace } from "../workspace/ws-helpers";

/** Polls `GET path` until `done(answer)`; fails after 60 s. */
export async function pollUntil<T = any>(token: string, path: string, done: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await apiJson<T>(path, { token, expectStatus: 200 });
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`still waiting on ${path}: ${JSON.stringify(answer).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Exports the account and downloads the archive. */
export async function exportAccount(token: string, body: Record<string, unknown>): Promise<Uint8Array> {
  const started = await apiJson("/api/v1/export", { token, body, expectStatus: 202 });
  expect(started.status).toBe("running");
  const done = await pollUntil(token, `/api/v1/export/${started.exportId}`, (e: any) => e.status !== "running");
  expect(done.status, JSON.stringify(done.error)).toBe("ready");
  const response = await api(`/api/v1/export/${started.exportId}/download`, { token });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(bytes.byteLength).toBe(done.bytes);
  return bytes;
}

/** Uploads an archive for preview (raw body). */
export async function preview(token: string, archive: Uint8Array, passphrase?: string): Promise<Response> {
  return SELF.fetch("https://edge.test/api/v1/restore/preview", {
    method: "POST",
    body: archive as Uint8Array<ArrayBuffer>,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/zip",
      ...(passphrase ? { "TavernEdge-Passphrase": passphrase } : {}),
    },
  });
}

/**
 * Restores a previewed archive and returns the report: the POST answers it (200) when the restore
 * finished within the request, else 202 and the report comes from GET.
 */
export async function restore(
  token: string,
  restoreId: string,
  strategy: "merge" | "skip" | "replace" | undefined,
): Promise<any> {
  const response = await api(`/api/v1/restore/${restoreId}`, {
    token,
    method: "POST",
    body: strategy === undefined ? {} : { strategy },
  });
  const started = (await response.json()) as any;
  if (response.status === 200) {
    expect(["done", "failed"]).toContain(started.status);
    return started;
  }
  expect(response.status, JSON.stringify(started)).toBe(202);
  expect(started.status).toBe("running");
  expect(response.headers.get("location")).toBe(`/api/v1/restore/${restoreId}`);
  return pollUntil(token, `/api/v1/restore/${restoreId}`, (r: any) => r.status !== "running");
}

/** Tables that are per deployment or per device, not part of a user's content. */
const NOT_CONTENT = new Set([
  "te_meta",
  "te_schema_steps",
  "te_devices",
  "te_pairing_codes",
  "te_ws_tickets",
  "te_auth_failures",
  "te_schedule",
  "te_step_leases",
  "te_usage",
  "te_retention",
  "te_mcp_catalogs",
  "te_mcp_catalog_tools",
  "te_chat_generations",
  "te_message_tokens",
  "te_chat_imports",
  "te_skill_previews",
  "te_skill_preview_files",
  // Pending approvals expire with the run or generation that asked (docs/spec/data-portability.md §1).
  "te_approvals",
  // The last content stamp given (a cache key, docs/decisions/3550), not content.
  "te_mcp_registration_stamp",
]);

/** Columns that differ by deployment key or write time, not content. */
const NOT_CONTENT_COLUMNS: Record<string, string[]> = {
  te_mcp_registrations: ["document", "content_stamp"],
  te_model_connections: ["api_key_sealed"],
  te_blobs: ["created_at"],
  te_ws_persist_states: ["ord"],
};

/** Every content row of a user's object, table by table, sorted (docs/spec/data-portability.md §1). */
export async function contentRows(userId: string): Promise<Record<string, string[]>> {
  return inSpace(userId, (space) => {
    const out: Record<string, string[]> = {};
    const tables = space.sql
      .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'te_%' ORDER BY name")
      .toArray()
      .map((r) => String(r.name))
      .filter((name) => !NOT_CONTENT.has(name) && !name.startsWith("te_data_"));
    for (const table of tables) {
      const skip = NOT_CONTENT_COLUMNS[table] ?? [];
      out[table] = space.sql
        .exec(`SELECT * FROM ${table}`)
        .toArray()
        .map((row) => {
          const kept: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(row))
            if (!skip.includes(k)) kept[k] = v instanceof ArrayBuffer ? [...new Uint8Array(v)].join(",") : v;
          return JSON.stringify(kept);
        })
        .sort();
    }
    return out;
  });
}
