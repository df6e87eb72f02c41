/**
 * Issue [data] "Must show" through `wrangler dev`: a user with an MCP registration (secret header),
 * model connections (API keys), a chat, a profile and two finished runs (scripted model server)
 * exports with secrets and a passphrase (export.progress frames on a socket), a new user restores
 * the archive, and every record reads back equal through the API, secrets included; without the
 * passphrase option no secret is anywhere in the archive (raw bytes and every inflated entry).
 */
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import { scriptedConnection, wranglerSession, type ApiResult } from "./session";
import { createDevUser, devFetch } from "./wrangler";

const session = wranglerSession("Laptop", { model: startModelPeer });
const { call, openSocket } = session;

const HEADER_SECRET = "hdr-e2e-secret-5c1f7a93d2";
const API_KEYS = ["sk-e2e-secret-one-4b8e2a", "sk-e2e-secret-two-9d3c7f"];
const PASSPHRASE = "purple elephants dance at noon";

async function until(probe: () => Promise<ApiResult>, done: (r: ApiResult) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const result = await probe();
    if (done(result)) return result;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(result.body).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function exportArchive(token: string, body: unknown): Promise<Uint8Array> {
  const started = await devFetch(session.dev.url, "/api/v1/export", token, body);
  expect(started.status).toBe(202);
  const { exportId } = (await started.json()) as any;
  const ready = await until(
    async () => {
      const r = await devFetch(session.dev.url, `/api/v1/export/${exportId}`, token);
      return { status: r.status, body: await r.json() };
    },
    (r) => r.body.status !== "running",
  );
  expect(ready.body.status, JSON.stringify(ready.body.error)).toBe("ready");
  const download = await devFetch(session.dev.url, `/api/v1/export/${exportId}/download`, token);
  expect(download.status).toBe(200);
  return new Uint8Array(await download.arrayBuffer());
}

/** Everything of a user as the API shows it (ids included), for comparing two accounts. */
async function snapshot(token: string) {
  const get = async (path: string) => {
    const r = await devFetch(session.dev.url, `/api/v1${path}`, token);
    expect(r.status, path).toBe(200);
    return r.json() as Promise<any>;
  };
  const servers = await get("/mcp/servers");
  const connections = await get("/connections");
  const profile = await get("/agent/profiles/night-writer");
  const chats = await get("/chats?limit=200");
  const messages = await Promise.all(chats.chats.map((c: any) => get(`/chats/${c.id}/messages?limit=200`)));
  const runs = await get("/agent/runs?limit=200");
  const perRun = await Promise.all(
    runs.runs.map(async (run: any) => ({
      run: await get(`/agent/runs/${run.runId}`),
      events: await get(`/agent/runs/${run.runId}/events?afterSeq=0&limit=500`),
      checkpoints: await get(`/agent/runs/${run.runId}/checkpoints`),
      workspace: await get(`/agent/runs/${run.runId}/workspace`),
      main: await get(`/agent/runs/${run.runId}/workspace/output/main.md`),
    })),
  );
  return { servers, connections, profile, chats, messages, runs, perRun };
}

const call_ = (id: string, name: string, args: unknown) => ({
  toolCalls: [{ id, name, arguments: JSON.stringify(args) }],
});

describe("account export and restore through wrangler dev", () => {
  it("restores every record into a new user, secrets with the passphrase; none without it", async () => {
    const server = await call("/mcp/servers", {
      displayName: "Search",
      endpoint: "https://search.example.com/mcp",
      headers: { "X-Api-Key": HEADER_SECRET },
    });
    expect(server.status).toBe(201);
    const chat = await call("/chats", { title: "Dragon tale", character: { name: "Narrator" } });
    const chatId = chat.body.id;
    for (const [i, text] of ["Hello!", "Greetings.", "Tell me about the dragon."].entries())
      expect((await call(`/chats/${chatId}/messages`, { role: i % 2 === 0 ? "user" : "assistant", text })).status).toBe(
        201,
      );
    const base = await call("/agent/profiles/default-writer");
    const doc = { ...base.body.profile, id: "night-writer", displayName: "Night writer" };
    delete doc.description;
    expect((await call("/agent/profiles/night-writer", doc, "PUT")).status).toBe(200);

    for (const [i, apiKey] of API_KEYS.entries()) {
      const steps = [
        call_(`w${i}`, "workspace_write_file", { path: "output/main.md", content: `Chapter ${i}: the dragon wakes.` }),
        call_(`c${i}`, "workspace_commit", {}),
        call_(`f${i}`, "workspace_finish", { reason: "done" }),
      ];
      const connection = await scriptedConnection(
        session,
        "model",
        { id: `data-e2e-${i}-${Date.now()}`, steps, apiKey },
        apiKey,
      );
      expect(connection.status).toBe(201);
      const run = await call("/agent/runs", {
        stableChatId: chatId,
        generationType: "normal",
        connectionId: connection.body.id,
        promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "Go on." }] } },
      });
      expect(run.status).toBe(201);
      const done = await until(
        () => call(`/agent/runs/${run.body.runId}`),
        (r) => ["completed", "failed", "partial_success", "cancelled"].includes(r.body.status),
      );
      expect(done.body.status).toBe("completed");
    }

    const socket = await openSocket();
    const archive = await exportArchive(session.token, { includeSecrets: true, passphrase: PASSPHRASE });
    const progress = await socket.waitFor((f) => f.type === "export.progress" && f.status === "ready");
    expect(progress.done).toBe(progress.total);
    socket.ws.close();
    const entries = unzipSync(archive);
    expect(JSON.parse(new TextDecoder().decode(entries["manifest.json"])).sections.runs.items).toHaveLength(2);

    const target = await createDevUser(session.dev.url, "New phone");
    const preview = await fetch(`${session.dev.url}/api/v1/restore/preview`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${target.deviceToken}`,
        "content-type": "application/zip",
        "TavernEdge-Passphrase": PASSPHRASE,
      },
      body: archive as Uint8Array<ArrayBuffer>,
    });
    const previewed = (await preview.json()) as any;
    expect(preview.status, JSON.stringify(previewed)).toBe(200);
    expect(previewed.counts).toMatchObject({ mcp: 1, connections: 2, profiles: 1, chats: 1, runs: 2 });
    expect(previewed.conflicts).toEqual([]);
    const started = await devFetch(session.dev.url, `/api/v1/restore/${previewed.restoreId}`, target.deviceToken, {
      strategy: "skip",
    });
    // A small archive: the POST answers the report (200); past one step it is 202 and GET has it.
    expect([200, 202]).toContain(started.status);
    const report =
      started.status === 200
        ? { status: 200, body: await started.json() }
        : await until(
            async () => {
              const r = await devFetch(session.dev.url, `/api/v1/restore/${previewed.restoreId}`, target.deviceToken);
              return { status: r.status, body: await r.json() };
            },
            (r) => r.body.status !== "running",
          );
    expect(report.body.status).toBe("done");
    expect(report.body.report.refused, JSON.stringify(report.body.report.items)).toBe(0);

    const source = await snapshot(session.token);
    const restored = await snapshot(target.deviceToken);
    expect(restored).toEqual(source);
    expect(restored.servers.servers[0].headers).toEqual({ "X-Api-Key": HEADER_SECRET });
    expect(restored.connections.connections.every((c: any) => !c.apiKeyUnavailable)).toBe(true);
    expect(restored.runs.runs).toHaveLength(2);

    const plain = await exportArchive(session.token, {});
    const texts = Object.values(unzipSync(plain)).map((bytes) => Buffer.from(bytes).toString("utf8"));
    for (const secret of [HEADER_SECRET, ...API_KEYS]) {
      expect(Buffer.from(plain).includes(Buffer.from(secret))).toBe(false);
      expect(texts.some((text) => text.includes(secret))).toBe(false);
    }
  });
});
