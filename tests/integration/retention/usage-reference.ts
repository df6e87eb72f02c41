/**
 * A reference count of a user's usage computed in the test by scanning every table (what the
 * service must never do), written independently of src/adapters/storage/usage-triggers.ts.
 */
import type { Space } from "../../../src/ports/space";

const octets = (table: string, columns: string[]) =>
  `SELECT coalesce(sum(${columns.map((c) => `coalesce(octet_length(${c}), 0)`).join(" + ")}), 0) AS b FROM ${table}`;

function one(space: Space, query: string, ...args: unknown[]): number {
  return Number(space.sql.exec(query, ...args).one().b);
}

/** The usage report's tracked parts from a full scan. */
export function referenceUsage(space: Space) {
  const chats =
    one(space, octets("te_chats", ["title", "character_json", "system_prompt", "header_json"])) +
    one(space, octets("te_chat_messages", ["name", "text", "extra_json", "raw_json", "tool_calls_json"])) +
    one(space, octets("te_chat_swipes", ["text"]));
  const runs =
    one(space, octets("te_runs", ["chat_ref", "skill_scope_refs", "committed_message"])) +
    one(space, octets("te_journal", ["type", "related_ids", "payload"])) +
    one(space, octets("te_agent_docs", ["body"])) +
    one(space, octets("te_agent_guidance", ["text"]));
  const workspace = one(space, "SELECT coalesce(sum(bytes), 0) AS b FROM te_blobs");
  const catalogs =
    one(space, octets("te_mcp_catalogs", ["document", "client_state"])) +
    one(space, octets("te_mcp_catalog_tools", ["document"]));
  const count = (table: string) => one(space, `SELECT count(*) AS b FROM ${table}`);
  return {
    bytes: { chats, runs, workspace, catalogs },
    counts: {
      chats: count("te_chats"),
      messages: count("te_chat_messages"),
      runs: count("te_runs"),
      journalEvents: count("te_journal"),
      workspaceBlobs: count("te_blobs"),
      registrations: count("te_mcp_registrations"),
    },
  };
}

/** Bytes of the rows one run owns in the runs area (record, journal, documents, guidance). */
export function runRowBytes(space: Space, runId: string, withRecord: boolean): number {
  const where = (table: string, columns: string[], key = "run_id") =>
    one(space, `${octets(table, columns)} WHERE ${key} = ?`, runId);
  return (
    (withRecord
      ? where("te_runs", ["chat_ref", "skill_scope_refs", "committed_message"], "id") +
        where("te_journal", ["type", "related_ids", "payload"])
      : 0) +
    where("te_agent_docs", ["body"]) +
    where("te_agent_guidance", ["text"])
  );
}

/** Blobs referenced by `runIds` and by nothing else (persistent states included): what a sweep frees. */
export function blobsOnlyUsedBy(space: Space, runIds: string[]): { count: number; bytes: number } {
  const list = runIds.map(() => "?").join(", ");
  const refs = ["te_ws_files", "te_checkpoint_entries", "te_checkpoint_maps"];
  const theirs = refs.map((t) => `SELECT hash FROM ${t} WHERE run_id IN (${list})`).join(" UNION ");
  const others = [
    ...refs.map((t) => `SELECT hash FROM ${t} WHERE run_id NOT IN (${list})`),
    "SELECT hash FROM te_ws_persist_files",
  ].join(" UNION ");
  const row = space.sql
    .exec(
      `SELECT count(*) AS n, coalesce(sum(bytes), 0) AS b FROM te_blobs WHERE hash IN (${theirs}) AND hash NOT IN (${others})`,
      ...runIds,
      ...runIds,
      ...runIds,
      ...runIds,
      ...runIds,
      ...runIds,
    )
    .one();
  return { count: Number(row.n), bytes: Number(row.b) };
}
