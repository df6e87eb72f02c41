/**
 * Usage counters kept by SQLite triggers (docs/spec/retention-usage.md "Usage",
 * docs/decisions/1820-usage-counters-by-trigger.md). Every tracked table gets AFTER INSERT,
 * UPDATE and DELETE triggers that add the row's payload bytes (the UTF-8 octets of its text and
 * JSON columns; a blob's own byte size) to its area's counter in `te_usage`, and ±1 to a row count
 * where one is reported. A trigger runs inside the statement that fired it, so the counters change
 * in the same transaction as the data, whatever store, bulk statement or later feature writes it.
 *
 * Areas: `chats` (chats, messages, swipes), `runs` (run records, journal, hidden run documents,
 * guidance), `workspace` (blob bytes whose first writer was the workspace; see `te_blobs.area`),
 * `catalogs` (MCP catalog snapshots and their tools). Everything else (devices, registrations,
 * profiles, connections, workspace file maps, checkpoint rows, loop state, indexes, page overhead)
 * is `other` = the platform's database size minus the tracked areas.
 */

/** One tracked table. `bytes` is an SQL expression over the row alias `R` (NEW or OLD). */
export interface TrackedTable {
  table: string;
  /** `bytes.<area>` counter, or null when the row's bytes are not tracked (count only). */
  area: "chats" | "runs" | "workspace" | "catalogs" | null;
  bytes: string | null;
  /** `count.<name>` counter, or null when rows of this table are not counted. */
  count: string | null;
  /** Columns whose UPDATE can change `bytes` (the update trigger fires only for those). */
  columns: readonly string[];
}

const o = (column: string) => `coalesce(octet_length(R.${column}), 0)`;
const sum = (...columns: string[]) => columns.map(o).join(" + ");

/** The tracked tables (the single source of the trigger set and the backfill). */
export const TRACKED_TABLES: readonly TrackedTable[] = [
  {
    table: "te_chats",
    area: "chats",
    bytes: sum("title", "character_json", "system_prompt", "header_json"),
    count: "chats",
    columns: ["title", "character_json", "system_prompt", "header_json"],
  },
  {
    table: "te_chat_messages",
    area: "chats",
    bytes: sum("name", "text", "extra_json", "raw_json", "tool_calls_json"),
    count: "messages",
    columns: ["name", "text", "extra_json", "raw_json", "tool_calls_json"],
  },
  { table: "te_chat_swipes", area: "chats", bytes: sum("text"), count: null, columns: ["text"] },
  {
    table: "te_runs",
    area: "runs",
    bytes: sum("chat_ref", "skill_scope_refs", "committed_message"),
    count: "runs",
    columns: ["chat_ref", "skill_scope_refs", "committed_message"],
  },
  {
    table: "te_journal",
    area: "runs",
    bytes: sum("type", "related_ids", "payload"),
    count: "journalEvents",
    columns: [],
  },
  { table: "te_agent_docs", area: "runs", bytes: sum("body"), count: null, columns: ["body"] },
  { table: "te_agent_guidance", area: "runs", bytes: sum("text"), count: null, columns: ["text"] },
  {
    table: "te_mcp_catalogs",
    area: "catalogs",
    bytes: sum("document", "client_state"),
    count: null,
    columns: ["document", "client_state"],
  },
  { table: "te_mcp_catalog_tools", area: "catalogs", bytes: sum("document"), count: null, columns: ["document"] },
  { table: "te_mcp_registrations", area: null, bytes: null, count: "registrations", columns: [] },
];

/** Every counter key in `te_usage`. */
export const USAGE_KEYS = [
  "bytes.chats",
  "bytes.runs",
  "bytes.workspace",
  "bytes.catalogs",
  "count.chats",
  "count.messages",
  "count.runs",
  "count.journalEvents",
  "count.workspaceBlobs",
  "count.registrations",
] as const;

const bump = (key: string, delta: string) => `UPDATE te_usage SET value = value + (${delta}) WHERE key = '${key}';`;
const at = (expr: string, alias: "NEW" | "OLD") => expr.replaceAll("R.", `${alias}.`);

/** CREATE TRIGGER statements for every tracked table and for te_blobs (bytes by first writer's area). */
export function usageTriggerStatements(): string[] {
  const out: string[] = [];
  for (const t of TRACKED_TABLES) {
    const name = t.table.replace(/^te_/, "");
    const ins: string[] = [];
    const del: string[] = [];
    if (t.area && t.bytes) {
      ins.push(bump(`bytes.${t.area}`, at(t.bytes, "NEW")));
      del.push(bump(`bytes.${t.area}`, `-(${at(t.bytes, "OLD")})`));
    }
    if (t.count) {
      ins.push(bump(`count.${t.count}`, "1"));
      del.push(bump(`count.${t.count}`, "-1"));
    }
    out.push(`CREATE TRIGGER te_usage_${name}_ins AFTER INSERT ON ${t.table} BEGIN ${ins.join(" ")} END`);
    out.push(`CREATE TRIGGER te_usage_${name}_del AFTER DELETE ON ${t.table} BEGIN ${del.join(" ")} END`);
    if (t.area && t.bytes && t.columns.length > 0)
      out.push(
        `CREATE TRIGGER te_usage_${name}_upd AFTER UPDATE OF ${t.columns.join(", ")} ON ${t.table} BEGIN ${bump(
          `bytes.${t.area}`,
          `(${at(t.bytes, "NEW")}) - (${at(t.bytes, "OLD")})`,
        )} END`,
      );
  }
  out.push(
    `CREATE TRIGGER te_usage_blobs_ins AFTER INSERT ON te_blobs BEGIN UPDATE te_usage SET value = value + NEW.bytes WHERE key = 'bytes.' || NEW.area; ${bump("count.workspaceBlobs", "1")} END`,
  );
  out.push(
    `CREATE TRIGGER te_usage_blobs_del AFTER DELETE ON te_blobs BEGIN UPDATE te_usage SET value = value - OLD.bytes WHERE key = 'bytes.' || OLD.area; ${bump("count.workspaceBlobs", "-1")} END`,
  );
  return out;
}

/** Names of the triggers usageTriggerStatements creates (tests check they all exist). */
export function usageTriggerNames(): string[] {
  return usageTriggerStatements().map((statement) => statement.split(" ")[2]!);
}

/**
 * Sets every counter from the current rows: one pass over each tracked table (O(rows); reads
 * every tracked text value once). Used once by the schema step for existing users.
 */
export function backfillUsage(sql: SqlStorage): void {
  const totals = new Map<string, number>(USAGE_KEYS.map((key) => [key, 0]));
  const add = (key: string, value: SqlStorageValue | undefined) =>
    totals.set(key, (totals.get(key) ?? 0) + Number(value ?? 0));
  for (const t of TRACKED_TABLES) {
    const columns = [t.bytes ? `coalesce(sum(${t.bytes.replaceAll("R.", "")}), 0) AS b` : "0 AS b", "count(*) AS n"];
    const row = sql.exec(`SELECT ${columns.join(", ")} FROM ${t.table}`).one();
    if (t.area && t.bytes) add(`bytes.${t.area}`, row.b);
    if (t.count) add(`count.${t.count}`, row.n);
  }
  for (const row of sql.exec("SELECT area, sum(bytes) AS b, count(*) AS n FROM te_blobs GROUP BY area")) {
    add(`bytes.${String(row.area)}`, row.b);
    add("count.workspaceBlobs", row.n);
  }
  for (const [key, value] of totals)
    sql.exec(
      "INSERT INTO te_usage(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      key,
      value,
    );
}
