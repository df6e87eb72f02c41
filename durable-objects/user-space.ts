/**
 * UserSpace: one Durable Object per user (idFromName(userId)) holding all of that user's state in
 * SQLite, its hibernatable WebSockets and its alarm-driven scheduler. Thin: it verifies the caller,
 * then delegates to the operation registry, frame handlers and job handlers.
 *
 * An object that setup never initialised has no schema; it then answers every call with
 * `auth.token_invalid` and writes nothing.
 */
import { DurableObject } from "cloudflare:workers";
import { AppError, toResult, type Result } from "../src/domain/errors";
import { hasSchema, migrate, storedUserId } from "../src/composition/schema";
import { deviceServices } from "../src/composition/devices";
import { CLIENT_KEY_HEADER } from "../src/domain/auth/client-key";
import type { IssuedDevice } from "../src/application/devices/device-service";
import { clientFrameSchema, MAX_CLIENT_FRAME_BYTES } from "../src/contracts/frames";
import { jsonDepthProblem } from "../src/domain/json-depth";
import { isDevelopment, type AppEnv } from "../src/env";
import type { Space } from "../src/ports/space";
import { OPS, type OpName, type OpOutput } from "./ops/index";
import { JOBS } from "./jobs";
import { FRAME_HANDLERS } from "./frames";
import type { FrameHandler } from "./frames/registry";
import { AlarmScheduler } from "./scheduler";
import { OutboundGate } from "./outbound-gate";
import { STEP_KINDS } from "./steps";
import { DurableObjectSocketHub, attachmentOf, sendFrame, setAttachment } from "./sockets";
import { AsyncMutex } from "./mutex";
import { parseTimeoutOverrides } from "./timeouts";
import type { ErrorCode } from "../src/domain/errors";
import { accountState, stopAccountWork } from "../src/composition/account";
import type { AccountFigures } from "../src/ports/user-directory";
import { directoryStub } from "./user-directory";
import { rollbackAware } from "./rollback-aware";
import { HOT_ROWS_MEMO, type HotRows } from "../src/composition/hot-rows";

/** A user's object reports its figures to the directory at most this often, ms (ADR 2702). */
const REPORT_EVERY_MS = 60_000;

/** Messages for credentials presented to an object setup never created: identical to a wrong secret's. */
const UNKNOWN_USER_MESSAGES: Partial<Record<ErrorCode, string>> = {
  "auth.user_not_found": "No user with this id.",
  "auth.token_invalid": "This device token is not valid.",
  "auth.ticket_invalid": "This socket ticket is not valid, expired or was already used.",
  "auth.pairing_code_invalid":
    "This pairing code is not valid or was already used. Create a new one on a signed-in device.",
};

/** Per-call metadata forwarded by the Worker. */
export interface CallMeta {
  requestId: string;
  /** The caller's rate-limit key (src/domain/auth/client-key.ts); absent → LOCAL_CLIENT_KEY. */
  client?: string;
}

export class UserSpace extends DurableObject<AppEnv> {
  private readonly hub: DurableObjectSocketHub;
  private readonly scheduler: AlarmScheduler;
  private readonly outbound = new OutboundGate();
  private readonly memos = new Map<string, unknown>();
  private readonly mutex = new AsyncMutex();
  private userId: string | null = null;
  private disabled = false;
  private reportedAt = 0;
  /** The space of the current user id, built once (every call used to build it and re-read env). */
  private builtSpace: Space | null = null;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    this.hub = new DurableObjectSocketHub(ctx);
    this.scheduler = new AlarmScheduler(ctx.storage, () => Date.now());
    ctx.blockConcurrencyWhile(async () => {
      if (hasSchema(ctx.storage.sql)) {
        migrate(ctx.storage);
        this.userId = this.readUserId();
        this.disabled = accountState(ctx.storage.sql).isDisabled();
        // Nothing runs in a fresh object: steps leased by the one that died are recovered now.
        this.scheduler.start();
      }
    });
  }

  /** Creates this user (first call) and a device. Called by the Worker after the setup token was checked. */
  async setup(userId: string, deviceName: string): Promise<Result<IssuedDevice>> {
    return toResult(async () => {
      if (this.userId !== null && this.userId !== userId) throw new AppError("app.internal_error", "User id mismatch.");
      if (!hasSchema(this.ctx.storage.sql)) migrate(this.ctx.storage);
      this.userId = userId;
      const issued = await deviceServices(this.space()).createUser(userId, deviceName);
      await this.reportFigures(true);
      return issued;
    });
  }

  /** Issues a new device for an existing user (setup-token recovery). */
  async recover(deviceName: string): Promise<Result<IssuedDevice>> {
    return toResult(async () => {
      const userId = this.requireUser("auth.user_not_found");
      return deviceServices(this.space()).issueDevice(userId, deviceName);
    });
  }

  /** Redeems a pairing code; `client` is the caller's rate-limit key (see DeviceService.pair). */
  async pair(code: string, deviceName: string, client?: string): Promise<Result<IssuedDevice>> {
    return toResult(async () => {
      this.requireUser("auth.pairing_code_invalid");
      return this.mutex.run(() => deviceServices(this.space()).pair(code, deviceName, client));
    });
  }

  /** Verifies `token` then runs operation `op` (see ops/index.ts). */
  async call<K extends OpName>(token: string, op: K, input: unknown, meta: CallMeta): Promise<Result<OpOutput<K>>> {
    return toResult(async () => {
      this.requireUser("auth.token_invalid");
      const space = this.space();
      const deviceId = await deviceServices(space).authenticate(token, meta.client);
      if (Date.now() - this.reportedAt >= REPORT_EVERY_MS) this.ctx.waitUntil(this.reportFigures(false));
      const handler = OPS[op] as (
        space: Space,
        input: unknown,
        caller: { deviceId: string; requestId: string },
      ) => unknown;
      if (!handler) throw new AppError("http.route_not_found", `Unknown operation ${String(op)}.`);
      return (await handler(space, input, { deviceId, requestId: meta.requestId })) as OpOutput<K>;
    });
  }

  /** WebSocket upgrade with a single-use ticket (`/api/v1/ws?ticket=`). */
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json(
        { error: { code: "http.upgrade_required", message: "This endpoint takes a WebSocket upgrade." } },
        { status: 426 },
      );
    }
    const result = await toResult(async () => {
      this.requireUser("auth.ticket_invalid");
      return deviceServices(this.space()).consumeTicket(
        url.searchParams.get("ticket") ?? "",
        request.headers.get(CLIENT_KEY_HEADER) ?? undefined,
      );
    });
    if (!result.ok) {
      const status =
        result.error.code === "auth.rate_limited" ? 429 : result.error.code === "auth.user_disabled" ? 403 : 401;
      return Response.json(
        { error: { ...result.error, requestId: request.headers.get("x-request-id") ?? "" } },
        { status },
      );
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [`device:${result.value}`]);
    setAttachment(server, { deviceId: result.value, subs: [] });
    this.hub.changed();
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? message.length : message.byteLength;
    if (size > MAX_CLIENT_FRAME_BYTES)
      return sendFrame(ws, { type: "error", code: "ws.frame_too_large", message: "Frames are limited to 16 KiB." });
    let text: string;
    try {
      text = typeof message === "string" ? message : new TextDecoder("utf-8", { fatal: true }).decode(message);
    } catch {
      return sendFrame(ws, { type: "error", code: "ws.frame_invalid", message: "A frame must be UTF-8 JSON text." });
    }
    const deep = jsonDepthProblem(text);
    if (deep)
      return sendFrame(ws, {
        type: "error",
        code: "ws.frame_invalid",
        message: `A frame may nest objects and arrays at most ${deep.maxDepth} levels deep (at ${deep.path}).`,
      });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return sendFrame(ws, {
        type: "error",
        code: "ws.frame_invalid",
        message: "A frame must be a JSON object with a type.",
      });
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      return sendFrame(ws, {
        type: "error",
        code: "ws.frame_invalid",
        message: "This frame is not one the server understands.",
        issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
    const handler = FRAME_HANDLERS[parsed.data.type] as FrameHandler | undefined;
    if (!handler)
      return sendFrame(ws, {
        type: "error",
        code: "ws.frame_unsupported",
        message: `Frames of type ${parsed.data.type} are not supported yet.`,
      });
    const result = await toResult(() => handler(this.space(), this.hub, ws, parsed.data));
    if (!result.ok) sendFrame(ws, { type: "error", code: result.error.code, message: result.error.message });
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      /* already closed */
    }
    this.hub.changed();
  }

  async webSocketError(): Promise<void> {
    // Nothing is kept per socket outside its attachment; workerd drops the socket.
    this.hub.changed();
  }

  async alarm(): Promise<void> {
    if (!hasSchema(this.ctx.storage.sql)) return;
    await this.scheduler.runDue(this.space(), JOBS, STEP_KINDS);
  }

  /** The Space every service is built from (see ports/space.ts). */
  space(): Space {
    const userId = this.userId ?? "";
    if (this.builtSpace?.userId === userId) return this.builtSpace;
    const ctx = this.ctx;
    const memos = this.memos;
    const overrides = parseTimeoutOverrides(this.env);
    this.builtSpace = {
      userId,
      sql: ctx.storage.sql,
      storage: rollbackAware(ctx.storage, () => (memos.get(HOT_ROWS_MEMO) as HotRows | undefined)?.invalidate()),
      clock: { now: () => Date.now() },
      sockets: this.hub,
      scheduler: this.scheduler,
      outbound: this.outbound,
      mutex: this.mutex,
      secrets: { dataKey: this.env.DATA_KEY },
      development: isDevelopment(this.env),
      timeoutOverrides: overrides,
      memo<T>(key: string, create: () => T): T {
        if (!memos.has(key)) memos.set(key, create());
        return memos.get(key) as T;
      },
      waitUntil: (promise) => ctx.waitUntil(promise),
    };
    return this.builtSpace;
  }

  /** The device ids of currently connected sockets (diagnostics and tests). */
  connectedDevices(): string[] {
    return this.ctx.getWebSockets().map((ws) => attachmentOf(ws).deviceId);
  }

  private readUserId(): string | null {
    return storedUserId(this.ctx.storage.sql);
  }

  /**
   * The user of this object, or the caller's own "invalid credential" error with the same message a
   * wrong secret of an existing user gets (so answers do not reveal which user ids exist).
   */
  private requireUser(code: ErrorCode): string {
    if (this.userId === null)
      throw new AppError(code, UNKNOWN_USER_MESSAGES[code] ?? "These credentials are not valid.");
    if (this.disabled)
      throw new AppError("auth.user_disabled", "This account was disabled by the server's operator; its data is kept.");
    return this.userId;
  }

  /**
   * Reports this user's figures to the directory (ADR 2702): always with `force` (setup), else at
   * most once per REPORT_EVERY_MS; this is also how users created before the directory appear in it.
   * A directory that cannot be reached is logged and retried on a later request.
   */
  private async reportFigures(force: boolean): Promise<void> {
    const now = Date.now();
    if (this.userId === null || (!force && now - this.reportedAt < REPORT_EVERY_MS)) return;
    this.reportedAt = now;
    try {
      await directoryStub(this.env).report(this.figures());
    } catch (error) {
      this.reportedAt = 0;
      console.error(
        JSON.stringify({ level: "error", event: "directory.report_failed", message: String(error).slice(0, 200) }),
      );
    }
  }

  private figures(): AccountFigures {
    return accountState(this.ctx.storage.sql).figures(this.userId ?? "");
  }

  /** Operator: this user's figures now, or null when setup never created it (docs/spec/data-portability.md §6). */
  async adminFigures(): Promise<AccountFigures | null> {
    return this.userId === null ? null : this.figures();
  }

  /**
   * Operator: disables (tokens, pairing codes and socket tickets refused at once with
   * `auth.user_disabled`, every socket closed with 4003, runs cancelled, generations stopped, data
   * kept) or enables the user. Returns false when setup never created this user.
   */
  async adminSetDisabled(disabled: boolean): Promise<boolean> {
    if (this.userId === null) return false;
    accountState(this.ctx.storage.sql).setDisabled(disabled);
    this.disabled = disabled;
    if (disabled) {
      this.closeAllSockets(4003, "account disabled");
      stopAccountWork(this.space());
    }
    return true;
  }

  /**
   * Operator: deletes everything of this user (steps cancelled and awaited, sockets closed, the
   * alarm and every row removed). Returns the number of tables left (0 when verified empty), or
   * null when setup never created this user.
   */
  async adminDelete(): Promise<{ tablesLeft: number } | null> {
    if (this.userId === null) return null;
    this.disabled = true;
    this.closeAllSockets(4004, "account deleted");
    try {
      stopAccountWork(this.space());
    } catch {
      /* deletion goes on even if a run cannot be cancelled cleanly */
    }
    await Promise.race([this.scheduler.steps.settled(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.userId = null;
    this.disabled = false;
    this.memos.clear();
    const tablesLeft = Number(
      this.ctx.storage.sql
        .exec("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name LIKE 'te\\_%' ESCAPE '\\'")
        .one().n,
    );
    return { tablesLeft };
  }

  private closeAllSockets(code: number, reason: string): void {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(code, reason);
      } catch {
        /* already closed */
      }
    }
    this.hub.changed();
  }
}
