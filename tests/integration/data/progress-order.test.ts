/**
 * `export.progress` / `restore.progress` go out after the state they announce is written
 * (docs/spec/data-portability.md §5): a device that reads the job the moment a frame arrives reads
 * at least that progress, and on the last frame reads the final status (else its view would stay
 * "running" with no later frame to fix it).
 */
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser, openSocket, type TestSocket } from "../helpers";
import { pollUntil, preview, restore } from "./data-helpers";

const TERMINAL = new Set(["ready", "done", "failed"]);

/** For every frame of `type`, a GET of the job started the moment the frame arrived, with the frame. */
function readOnEveryFrame(socket: TestSocket, token: string, type: string, path: (frame: any) => string) {
  const reads: Array<Promise<{ frame: any; read: any }>> = [];
  socket.ws.addEventListener("message", (event) => {
    const frame = JSON.parse(String(event.data));
    if (frame.type !== type) return;
    reads.push(apiJson(path(frame), { token, expectStatus: 200 }).then((read) => ({ frame, read })));
  });
  return reads;
}

function expectReadsCaughtUp(pairs: Array<{ frame: any; read: any }>) {
  expect(pairs.length).toBeGreaterThan(0);
  for (const { frame, read } of pairs) {
    expect(read.done, JSON.stringify({ frame, read })).toBeGreaterThanOrEqual(frame.done);
    if (TERMINAL.has(frame.status)) expect(read.status, JSON.stringify({ frame, read })).toBe(frame.status);
  }
  expect(pairs.some(({ frame }) => TERMINAL.has(frame.status))).toBe(true);
}

describe("progress frames follow the written state", () => {
  it("export and restore: a read on each frame sees that frame's progress, and the final status on the last", async () => {
    const owner = await createUser();
    for (const title of ["One", "Two", "Three", "Four"])
      await apiJson("/api/v1/chats", { token: owner.deviceToken, body: { title }, expectStatus: 201 });
    const socket = await openSocket(owner.deviceToken);
    const exportReads = readOnEveryFrame(
      socket,
      owner.deviceToken,
      "export.progress",
      (f) => `/api/v1/export/${f.exportId}`,
    );
    const started = await apiJson("/api/v1/export", { token: owner.deviceToken, body: {}, expectStatus: 202 });
    await socket.waitFor(
      (f) => f.type === "export.progress" && f.exportId === started.exportId && f.status !== "running",
      60_000,
    );
    expectReadsCaughtUp(await Promise.all(exportReads));

    const done = await pollUntil(
      owner.deviceToken,
      `/api/v1/export/${started.exportId}`,
      (e: any) => e.status === "ready",
    );
    const download = await api(`/api/v1/export/${started.exportId}/download`, { token: owner.deviceToken });
    const archive = new Uint8Array(await download.arrayBuffer());
    expect(archive.byteLength).toBe(done.bytes);

    const target = await createUser();
    const phone = await openSocket(target.deviceToken);
    const restoreReads = readOnEveryFrame(
      phone,
      target.deviceToken,
      "restore.progress",
      (f) => `/api/v1/restore/${f.restoreId}`,
    );
    const previewed = (await (await preview(target.deviceToken, archive)).json()) as any;
    const report = await restore(target.deviceToken, previewed.restoreId, "skip");
    expect(report.status).toBe("done");
    await phone.waitFor((f) => f.type === "restore.progress" && f.status === "done", 60_000);
    expectReadsCaughtUp(await Promise.all(restoreReads));

    // A reloaded page finds both again: the export in GET /export, the restore with its report in GET /restore.
    const exports = await apiJson("/api/v1/export", { token: owner.deviceToken, expectStatus: 200 });
    expect(exports.exports[0]).toMatchObject({ exportId: started.exportId, status: "ready", bytes: done.bytes });
    const restores = await apiJson("/api/v1/restore", { token: target.deviceToken, expectStatus: 200 });
    expect(restores.restores).toHaveLength(1);
    expect(restores.restores[0]).toMatchObject({ restoreId: previewed.restoreId, status: "done", strategy: "skip" });
    expect(restores.restores[0].report.imported).toBe(report.report.imported);
    // Staged but never run: not listed.
    await preview(target.deviceToken, archive);
    expect((await apiJson("/api/v1/restore", { token: target.deviceToken, expectStatus: 200 })).restores).toHaveLength(
      1,
    );
  });
});
