/**
 * The bare baseline of bench/platform.mjs and bench/chats-import.mjs: what the platform itself
 * costs (a Hono route, the Worker → Durable Object hop over RPC, SQLite) with none of TavernEdge.
 * - `PUT /json/:key` stores a JSON answer; `GET /json/:key` returns it, read from SQLite in the object.
 * - `POST /import` streams a SillyTavern JSONL body to the object, which splits lines, `JSON.parse`s
 *   each and inserts the same rows TavernEdge does (te_chat_messages + te_chat_swipes columns) with
 *   multi-row INSERTs, in a transaction per ~1 MiB of lines. Answers `{messageCount}`.
 * - `POST /mcp-call {endpoint, name, arguments}` runs the official MCP client inside the object, a new
 *   client per call (connect, `tools/call`, close), and answers the call's result: what a test call
 *   costs on this platform with none of TavernEdge (bench/platform.mjs, docs/decisions/3400).
 * - `POST /agent-floor {baseUrl, modelId}` runs an agent loop's floor inside the object: streamed
 *   chat completions until the model stops calling tools, each answer read and parsed, its tool calls
 *   answered in memory, and one journal row written per round (bench/agent-round.mjs).
 * - `POST /write-turns {writes, turns, rowsPerStatement?}` times what SQLite writes cost per
 *   JavaScript turn: `turns` turns of `writes` rows each, in single-row or one multi-row INSERT
 *   (bench/agent-round.mjs, docs/decisions/3600).
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";

interface Env {
  BARE: DurableObjectNamespace<BareSpace>;
}

export class BareSpace extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      chat_id TEXT NOT NULL, seq INTEGER NOT NULL, message_id TEXT NOT NULL, revision INTEGER NOT NULL,
      role TEXT NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, send_date TEXT NOT NULL,
      swipe_count INTEGER NOT NULL, swipe_id INTEGER, tool_calls_json TEXT, tool_call_id TEXT,
      extra_json TEXT NOT NULL, raw_json TEXT)`);
    this.sql.exec(`CREATE UNIQUE INDEX IF NOT EXISTS messages_order ON messages(chat_id, seq)`);
    this.sql.exec(`CREATE UNIQUE INDEX IF NOT EXISTS messages_id ON messages(chat_id, message_id)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS swipes (
      chat_id TEXT NOT NULL, seq INTEGER NOT NULL, idx INTEGER NOT NULL, text TEXT NOT NULL,
      PRIMARY KEY (chat_id, seq, idx))`);
  }

  put(key: string, value: string): void {
    this.sql.exec("INSERT OR REPLACE INTO kv(key, value) VALUES(?, ?)", key, value);
  }

  get(key: string): string | null {
    const row = this.sql.exec("SELECT value FROM kv WHERE key = ?", key).toArray()[0];
    return row ? String(row.value) : null;
  }

  /**
   * The official MCP client inside the object, a new client per call (connect, `tools/call`,
   * close), as TavernEdge's test call does: `POST /mcp-call {endpoint, name, arguments}` answers the
   * call's result.
   */
  async mcpCall(endpoint: string, name: string, args: Record<string, unknown>): Promise<unknown> {
    const client = new Client({ name: "bare", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    try {
      return await client.callTool({ name, arguments: args });
    } finally {
      await client.close();
    }
  }

  /**
   * The floor of a durable agent loop on this platform: per round one streamed chat completion
   * (`POST <baseUrl>/chat/completions`, SSE read chunk by chunk and each event `JSON.parse`d), its
   * tool calls answered in memory with a fixed result and appended to the messages, and one row
   * written to SQLite. Stops at the first answer without tool calls; answers `{rounds}`.
   */
  async agentFloor(baseUrl: string, modelId: string): Promise<{ rounds: number }> {
    this.sql.exec("CREATE TABLE IF NOT EXISTS journal (run TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL)");
    const run = crypto.randomUUID();
    const messages: unknown[] = [{ role: "user", content: "Write." }];
    for (let round = 1; ; round += 1) {
      const response = await fetch(`${baseUrl}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
        body: JSON.stringify({ model: modelId, messages, tools: FLOOR_TOOLS, stream: true }),
      });
      if (!response.ok || !response.body) throw new Error(`model answered ${response.status}`);
      const calls = new Map<number, { id: string; name: string; arguments: string }>();
      const decoder = new TextDecoder();
      let rest = "";
      for await (const bytes of response.body) {
        rest += decoder.decode(bytes, { stream: true });
        for (let at = rest.indexOf("\n\n"); at !== -1; at = rest.indexOf("\n\n")) {
          const data = rest.slice(0, at).replace(/^data: /, "");
          rest = rest.slice(at + 2);
          if (data === "[DONE]") continue;
          const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { tool_calls?: FloorCallDelta[] } }> };
          for (const d of chunk.choices?.[0]?.delta?.tool_calls ?? []) {
            const call = calls.get(d.index) ?? { id: "", name: "", arguments: "" };
            call.id ||= d.id ?? "";
            call.name ||= d.function?.name ?? "";
            call.arguments += d.function?.arguments ?? "";
            calls.set(d.index, call);
          }
        }
      }
      if (calls.size === 0) return { rounds: round - 1 };
      const toolCalls = [...calls.values()].map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.arguments },
      }));
      messages.push({ role: "assistant", content: null, tool_calls: toolCalls });
      for (const c of toolCalls) messages.push({ role: "tool", tool_call_id: c.id, content: '{"ok":true}' });
      this.sql.exec("INSERT INTO journal VALUES(?, ?, ?)", run, round, JSON.stringify(toolCalls));
    }
  }

  /**
   * What SQLite writes cost on this platform per JavaScript turn (bench/agent-round.mjs): `turns`
   * times, waits for a timer (a new turn, as a step does after any I/O), then inserts `writes` rows
   * of ~300 bytes into a keyed table, `rowsPerStatement` rows per INSERT (1 or `writes`). Each turn
   * that wrote ends in a commit of its own. Answers `{turns}`; the caller times the request.
   */
  async writeTurns(writes: number, turns: number, rowsPerStatement = 1): Promise<{ turns: number }> {
    this.sql.exec(
      "CREATE TABLE IF NOT EXISTS turns (run TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (run, seq))",
    );
    const run = crypto.randomUUID();
    const body = JSON.stringify({ type: "tool_call_completed", payload: "x".repeat(260) });
    let seq = 0;
    for (let turn = 0; turn < turns; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (rowsPerStatement > 1 && writes > 0) {
        const rows = Array.from({ length: writes }, () => [run, ++seq, body]);
        this.sql.exec(`INSERT INTO turns VALUES ${rows.map(() => "(?, ?, ?)").join(", ")}`, ...rows.flat());
      } else for (let i = 0; i < writes; i += 1) this.sql.exec("INSERT INTO turns VALUES(?, ?, ?)", run, ++seq, body);
    }
    return { turns };
  }

  async import(body: ReadableStream<Uint8Array>): Promise<{ messageCount: number }> {
    const chatId = crypto.randomUUID();
    const decoder = new TextDecoder();
    let rest = "";
    let count = 0;
    let first = true;
    let batch: Record<string, unknown>[] = [];
    let batchChars = 0;
    const flush = () => {
      const rows = batch;
      batch = [];
      batchChars = 0;
      // Multi-row INSERTs (at most 100 bound parameters per statement), as TavernEdge writes them.
      const messages: SqlStorageValue[][] = [];
      const swipeRows: SqlStorageValue[][] = [];
      for (const m of rows) {
        count += 1;
        const seq = count;
        const swipes = Array.isArray(m.swipes) ? (m.swipes as string[]) : null;
        const { mes, name, is_user, send_date, swipes: _s, swipe_id, ...extra } = m;
        messages.push([
          chatId,
          seq,
          crypto.randomUUID(),
          1,
          is_user ? "user" : "assistant",
          String(name ?? ""),
          String(mes ?? ""),
          String(send_date ?? ""),
          swipes?.length ?? 0,
          swipes ? Number(swipe_id ?? 0) : null,
          null,
          null,
          JSON.stringify(extra),
          null,
        ]);
        swipes?.forEach((text, idx) => {
          swipeRows.push([chatId, seq, idx, text]);
        });
      }
      this.ctx.storage.transactionSync(() => {
        insertRows(this.sql, "messages", 14, messages);
        insertRows(this.sql, "swipes", 4, swipeRows);
      });
    };
    const take = (line: string) => {
      if (line.trim() === "") return;
      const value = JSON.parse(line) as Record<string, unknown>;
      if (first) {
        first = false;
        if (!("mes" in value)) return; // the header line
      }
      batch.push(value);
      batchChars += line.length;
      if (batchChars >= 1024 * 1024) flush();
    };
    for await (const chunk of body) {
      rest += decoder.decode(chunk, { stream: true });
      let at = rest.indexOf("\n");
      let start = 0;
      while (at !== -1) {
        take(rest.slice(start, at));
        start = at + 1;
        at = rest.indexOf("\n", start);
      }
      rest = rest.slice(start);
    }
    take(rest + decoder.decode());
    flush();
    return { messageCount: count };
  }
}

interface FloorCallDelta {
  index: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

const FLOOR_TOOLS = ["workspace_list_files", "chat_search", "workspace_write_file", "chat_read_messages"].map(
  (name) => ({ type: "function", function: { name, description: name, parameters: { type: "object" } } }),
);

/** `INSERT INTO table VALUES (…), (…)` in statements of at most 100 bound parameters. */
function insertRows(sql: SqlStorage, table: string, columns: number, rows: SqlStorageValue[][]): void {
  const perStatement = Math.floor(100 / columns);
  const tuple = `(${Array.from({ length: columns }, () => "?").join(", ")})`;
  for (let at = 0; at < rows.length; at += perStatement) {
    const chunk = rows.slice(at, at + perStatement);
    sql.exec(`INSERT INTO ${table} VALUES ${chunk.map(() => tuple).join(", ")}`, ...chunk.flat());
  }
}

const app = new Hono<{ Bindings: Env }>();
const stub = (env: Env) => env.BARE.get(env.BARE.idFromName("bench"));

app.get("/api/v1/health", (c) => c.json({ ok: true }));
app.put("/json/:key", async (c) => {
  await stub(c.env).put(c.req.param("key"), await c.req.text());
  return c.body(null, 204);
});
app.get("/json/:key", async (c) => {
  const value = await stub(c.env).get(c.req.param("key"));
  return value === null ? c.notFound() : c.body(value, 200, { "content-type": "application/json" });
});
app.post("/mcp-call", async (c) => {
  const body = (await c.req.json()) as { endpoint: string; name: string; arguments: Record<string, unknown> };
  return c.json(await stub(c.env).mcpCall(body.endpoint, body.name, body.arguments));
});
app.post("/agent-floor", async (c) => {
  const body = (await c.req.json()) as { baseUrl: string; modelId: string };
  return c.json(await stub(c.env).agentFloor(body.baseUrl, body.modelId));
});
app.post("/write-turns", async (c) => {
  const body = (await c.req.json()) as { writes: number; turns: number; rowsPerStatement?: number };
  return c.json(await stub(c.env).writeTurns(body.writes, body.turns, body.rowsPerStatement));
});
app.post("/import", async (c) => c.json(await stub(c.env).import(c.req.raw.body!), 201));

export default app;
