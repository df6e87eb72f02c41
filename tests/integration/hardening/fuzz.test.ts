/**
 * Seeded, bounded fuzzing (issue 30 "Must show"): a few hundred hostile requests over every route
 * written in docs/api.md — bad ids, bad query values, mutated bodies (wrong types, deep nesting,
 * huge strings, invalid UTF-8, lone surrogates, NUL, wrong content types) — then hostile socket
 * frames. Every answer must be below 500 (except a 502 `model.*`, the user's model provider failing),
 * and every refusal must carry the error envelope with a dotted code. Same seed → same requests; a failure prints the case to replay.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiJson, createUser, openSocket, SETUP_TOKEN, type TestUser } from "../helpers";
import { activeServer, discover, hostileUrl } from "../mcp-gateway/gateway-helpers";
import {
  BAD_IDS,
  badBody,
  badFrame,
  badQuery,
  docRoutes,
  isParam,
  mutatedSeed,
  rng,
  type DocRoute,
  type Rng,
} from "./fuzz-helpers";

const SEED = 30_2026;
const REQUESTS_PER_ROUTE = 5;
const FRAMES = 120;
const DOTTED = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

let user: TestUser;
/** Real ids by parameter name, so some requests get past "not found" into body validation. */
const real: Record<string, string> = {};
/** A valid body per `METHOD path-template`, mutated in one field by mutatedSeed. */
const seeds: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  user = await createUser("Fuzz laptop");
  const chat = await apiJson("/api/v1/chats", { token: user.deviceToken, body: { title: "Fuzz" }, expectStatus: 201 });
  const message = await apiJson(`/api/v1/chats/${chat.id}/messages`, {
    token: user.deviceToken,
    body: { role: "user", text: "hello" },
    expectStatus: 201,
  });
  const { id: serverId } = await activeServer(hostileUrl("duplicates", `fuzz${Date.now()}`), {}, user);
  await discover(user, serverId);
  const connection = await apiJson("/api/v1/connections", {
    token: user.deviceToken,
    body: {
      name: "Fuzz model",
      provider: "openai-compatible",
      baseUrl: `${inject("peers").model}/v1`,
      apiKey: "sk-fuzz-0123456789",
      modelId: "fuzz-script",
    },
    expectStatus: 201,
  });
  const run = await apiJson("/api/v1/agent/dev/runs", {
    token: user.deviceToken,
    body: { stableChatId: chat.id },
    expectStatus: 201,
  });
  Object.assign(real, {
    ":chatId": chat.id,
    ":messageId": message.messageId,
    ":nativeName": "alpha",
    ":runId": run.runId,
    ":a": "cp_000000",
    ":b": "cp_000001",
    ":round": "1",
    "<path>": "output/main.md",
    ":callId": "fuzz-call",
  });
  const profile = await apiJson("/api/v1/agent/profiles/default-writer/export", {
    token: user.deviceToken,
    expectStatus: 200,
  });
  const server = { displayName: "S", endpoint: "https://a.example/mcp", headers: { "X-Key": "v" } };
  Object.assign(seeds, {
    "POST /api/v1/setup": { deviceName: "Fuzz" },
    "POST /api/v1/setup/recover": { userId: user.userId, deviceName: "Fuzz" },
    "PATCH /api/v1/devices/:id": { name: "Fuzz laptop" },
    "POST /api/v1/devices/pair": { code: `${user.userId}.${"A".repeat(22)}`, deviceName: "Fuzz" },
    "POST /api/v1/chats": { title: "T", character: { name: "C" }, systemPrompt: "S" },
    "PATCH /api/v1/chats/:chatId": { title: "T2" },
    "POST /api/v1/chats/:chatId/duplicate": { title: "Copy" },
    "POST /api/v1/chats/:chatId/messages": { role: "user", name: "N", text: "x", extra: { a: [1, { b: "c" }] } },
    "PATCH /api/v1/chats/:chatId/messages/:messageId": { text: "y", extra: { a: 1 } },
    "POST /api/v1/mcp/servers": server,
    "PUT /api/v1/mcp/servers/:id": { ...server, protocolVersion: "auto" },
    "POST /api/v1/mcp/servers/:id/state": { state: "active" },
    "PUT /api/v1/mcp/servers/:id/tools/:nativeName/permission": { permission: "allow" },
    "PUT /api/v1/mcp/servers/:id/tools/:nativeName/description-override": {
      override: { description: "d", properties: { text: "t" } },
    },
    "POST /api/v1/mcp/servers/:id/tools/:nativeName/test-call": { argumentsJson: '{"text":"hi"}', callId: "c1" },
    "POST /api/v1/connections": {
      name: "N",
      provider: "openai-compatible",
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: "sk-x",
      modelId: "m",
      defaults: { temperature: 1 },
    },
    "PATCH /api/v1/connections/:id": { name: "N2", defaults: { temperature: 0.5 } },
    "POST /api/v1/agent/profiles": { profile: { ...profile, id: "fuzz-profile", displayName: "Fuzz" } },
    "PUT /api/v1/agent/profiles/:id": { profile: { ...profile, id: "default-writer" } },
    "POST /api/v1/agent/profiles/import": { profile: { ...profile, id: "fuzz-import" }, overwrite: true },
    "POST /api/v1/agent/profiles/:id/repair": { action: "normalizeIdentity" },
    "POST /api/v1/agent/runs": {
      stableChatId: chat.id,
      promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "hi" }], temperature: 1 } },
      options: { stream: false },
    },
    "POST /api/v1/agent/runs/:runId/guidance": { text: "g", clientGuidanceId: "g1" },
    "POST /api/v1/agent/dev/runs": { stableChatId: chat.id, presentation: { a: 1 } },
    "POST /api/v1/agent/dev/runs/:runId/events": { count: 1, payloadChars: 10 },
    "POST /api/v1/agent/dev/runs/:runId/status": { status: "running" },
  });
  // `:id` means a different thing per route family.
  real["mcp:id"] = serverId;
  real["connections:id"] = connection.id;
  real["profiles:id"] = "default-writer";
  real["devices:id"] = user.deviceId;
});

function paramValue(r: Rng, route: DocRoute, segment: string): string {
  if (r.chance(0.6)) return r.pick(BAD_IDS);
  if (segment !== ":id") return real[segment] ?? r.pick(BAD_IDS);
  const family = route.path.includes("/mcp/")
    ? "mcp"
    : route.path.includes("/connections/")
      ? "connections"
      : route.path.includes("/profiles/")
        ? "profiles"
        : "devices";
  // Revoking or deleting the fuzzing device itself would end the run early.
  if (family === "devices" && route.method !== "GET" && route.method !== "PATCH") return r.pick(BAD_IDS);
  return real[`${family}:id`]!;
}

interface Case {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  label: string;
}

function buildCase(r: Rng, route: DocRoute): Case {
  const path = route.path
    .split("/")
    .map((segment) => (isParam(segment) ? paramValue(r, route, segment) : segment))
    .join("/");
  const query = r.chance(0.5) ? badQuery(r) : "";
  const headers: Record<string, string> = {};
  const auth = r.int(10);
  if (route.path.startsWith("/api/v1/setup")) headers.authorization = `Bearer ${auth < 7 ? SETUP_TOKEN : "wrong"}`;
  else if (auth < 8) headers.authorization = `Bearer ${user.deviceToken}`;
  else if (auth === 8) headers.authorization = `Bearer tte_${"0".repeat(32)}_${"A".repeat(43)}`;
  let body: string | Uint8Array | null = null;
  let label = "no-body";
  if (route.method !== "GET") {
    const seed = seeds[`${route.method} ${route.path}`];
    const made = seed && r.chance(0.6) ? mutatedSeed(r, seed) : badBody(r);
    body = made.body;
    label = made.label;
    if (made.contentType !== null) headers["content-type"] = made.contentType;
  }
  if (route.path === "/api/v1/ws") headers.upgrade = r.chance(0.5) ? "websocket" : "h2c";
  return { method: route.method, url: `https://edge.test${path}${query}`, headers, body, label };
}

function describeCase(index: number, c: Case): string {
  const body = c.body === null ? "" : typeof c.body === "string" ? c.body.slice(0, 120) : `<${c.body.length} bytes>`;
  return `seed ${SEED} case #${index} [${c.label}] ${c.method} ${c.url.slice(0, 160)} ${body}`;
}

/**
 * Wall time allowed for each fuzzing test: ~100 routes × 5 requests (and 120 frames) take ~10 s on an
 * idle machine but over 120 s on a loaded 2-core one; the test waits for its requests, never for time.
 */
const FUZZ_TIMEOUT_MS = 400_000;

describe("fuzzing every documented route", () => {
  it("docs/api.md lists the routes the fuzzer covers", () => {
    const routes = docRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(69);
    // Every seed names a documented route (a renamed route must not silently lose its seed).
    const documented = new Set(routes.map((route) => `${route.method} ${route.path}`));
    expect(Object.keys(seeds).filter((key) => !documented.has(key))).toEqual([]);
    expect(routes).toContainEqual({ method: "POST", path: "/api/v1/chats/:chatId/messages" });
  });

  it(
    `${REQUESTS_PER_ROUTE} hostile requests per route: never a 5xx, every refusal with a dotted code`,
    async () => {
      const r = rng(SEED);
      const routes = docRoutes();
      const problems: string[] = [];
      let sent = 0;
      const statuses = new Map<number, number>();
      for (const route of routes) {
        for (let i = 0; i < REQUESTS_PER_ROUTE; i += 1) {
          const c = buildCase(r, route);
          sent += 1;
          const response = await SELF.fetch(c.url, {
            method: c.method,
            headers: c.headers,
            ...(c.body !== null ? { body: c.body as BodyInit } : {}),
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 101) {
            response.webSocket?.accept();
            response.webSocket?.close(1000, "fuzz");
            continue;
          }
          const text = await response.text();
          // 502 with a `model.*` code names a failure of the user's model provider (here the
          // loopback peer), not of this server; every other 5xx is a defect.
          const upstream = response.status === 502 && /"code":"model\./.test(text);
          if (response.status >= 500 && !upstream) {
            problems.push(`${response.status} ← ${describeCase(sent, c)} → ${text.slice(0, 200)}`);
            continue;
          }
          if (response.status < 400) continue;
          let code: unknown;
          try {
            code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
          } catch {
            code = undefined;
          }
          if (typeof code !== "string" || !DOTTED.test(code))
            problems.push(
              `${response.status} without a dotted code ← ${describeCase(sent, c)} → ${text.slice(0, 200)}`,
            );
        }
      }
      expect(problems, problems.join("\n")).toEqual([]);
      expect(sent).toBe(routes.length * REQUESTS_PER_ROUTE);
      // The fuzzer must reach past authentication and routing, not only bounce off them.
      expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(5);
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe("fuzzing socket frames", () => {
  it(
    `${FRAMES} hostile frames: each answered with a dotted error code or a normal frame; the socket survives`,
    async () => {
      const r = rng(SEED + 1);
      const socket = await openSocket(user.deviceToken);
      const problems: string[] = [];
      for (let i = 0; i < FRAMES; i += 1) {
        const frame = badFrame(r);
        const before = socket.frames.length;
        socket.ws.send(frame);
        socket.send({ type: "ping", id: `probe-${i}` });
        await socket.waitFor((f) => f.type === "pong" && f.id === `probe-${i}`, 10_000);
        const answers = socket.frames.slice(before).filter((f) => !(f.type === "pong" && f.id === `probe-${i}`));
        for (const answer of answers) {
          if (answer.type === "error" && !DOTTED.test(String(answer.code)))
            problems.push(`frame #${i} (seed ${SEED + 1}) got ${JSON.stringify(answer).slice(0, 200)}`);
        }
      }
      expect(problems, problems.join("\n")).toEqual([]);
      const errors = socket.frames.filter((f) => f.type === "error");
      expect(errors.length).toBeGreaterThan(FRAMES / 2);
    },
    FUZZ_TIMEOUT_MS,
  );
});
