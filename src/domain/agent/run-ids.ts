/**
 * Agent run identities (docs/spec/agent-runtime.md §2): `run_<uuid hex>`, `evt_<uuid hex>`, the root invocation
 * id, `stableChatId` validation and the `workspaceId` hash rule.
 */
import { AppError } from "../errors";
import { sha256Hex } from "../ids";

/** The root invocation of every run (docs/spec/agent-runtime.md §2). */
export const ROOT_INVOCATION_ID = "inv_root";
/** Longest accepted stableChatId, characters after trimming (docs/spec/agent-runtime.md §2). */
export const MAX_STABLE_CHAT_ID_CHARS = 512;

const RUN_ID = /^run_[0-9a-f]{32}$/;

function uuidHex(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** A fresh run id `run_<32 hex>` (uuid-v4 simple form). */
export function newRunId(): string {
  return `run_${uuidHex()}`;
}

/** A fresh journal event id `evt_<32 hex>`. */
export function newEventId(): string {
  return `evt_${uuidHex()}`;
}

/** True when `value` has the shape of a run id (`run_` + 32 lower-case hex). */
export function isRunId(value: string): boolean {
  return RUN_ID.test(value);
}

/**
 * Trims and checks a stableChatId (docs/spec/agent-runtime.md §2). Throws `agent.stable_chat_id_required` when empty and
 * `agent.invalid_stable_chat_id` when longer than 512 characters.
 */
export function normalizeStableChatId(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (text.length === 0)
    throw new AppError(
      "agent.stable_chat_id_required",
      "An agent run needs the id of the chat it works on (stableChatId).",
    );
  if (text.length > MAX_STABLE_CHAT_ID_CHARS) {
    throw new AppError(
      "agent.invalid_stable_chat_id",
      `A stableChatId may be at most ${MAX_STABLE_CHAT_ID_CHARS} characters.`,
    );
  }
  return text;
}

/** Chat kinds a workspace id is derived from (group chats are not hosted yet). */
export type ChatKind = "character" | "group";

/**
 * `workspaceId` = `chat_` + the first 8 bytes (16 hex chars) of SHA-256 over the compact JSON
 * `{"kind":"<kind>","stableChatId":"<id>"}` (docs/spec/agent-runtime.md §2). Same chat → same id on every device.
 */
export async function workspaceIdFor(kind: ChatKind, stableChatId: string): Promise<string> {
  const digest = await sha256Hex(JSON.stringify({ kind, stableChatId }));
  return `chat_${digest.slice(0, 16)}`;
}
