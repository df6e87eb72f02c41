/**
 * Tool-call approvals (docs/spec/approvals.md): a model tool call whose tool is set to Ask waits
 * for the user's decision, from any of their devices, before it is sent.
 *
 * An approval belongs to exactly one holder: an Agent run invocation (`runId` + `invocationId`) or
 * a chat generation (`generationId`). It starts `pending` and ends once: `approved`, `denied`,
 * `expired` (its `expiresAt` passed) or `cancelled` (its run or generation ended first). The first
 * decision wins; a later one is refused with `approval.already_resolved` (409).
 */
import { AppError } from "../errors";

export const APPROVAL_STATUSES = ["pending", "approved", "denied", "expired", "cancelled"] as const;
/** Lifecycle of one approval; every status but `pending` is final. */
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_DECISIONS = ["approve", "deny", "always_allow"] as const;
/**
 * What a user answers: `approve` (this call once), `deny`, `always_allow` (sets the tool to Allow
 * on its registration, then approves this call).
 */
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** Longest arguments preview kept on an approval, in UTF-16 code units. */
export const ARGUMENTS_PREVIEW_CHARS = 2000;
/** Default time an approval waits before it expires, ms (24 h). */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 24 * 60 * 60 * 1000;
/** Bounds of the configurable timeout, ms: deployed 1 min … 7 days; development from 1 s. */
export const MAX_APPROVAL_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const MIN_APPROVAL_TIMEOUT_MS = 60 * 1000;
export const MIN_DEV_APPROVAL_TIMEOUT_MS = 1000;

/** The device and time (ms epoch) of a user's decision. */
export interface ApprovalDecider {
  deviceId: string;
  at: number;
}

/** One approval as stored (times in ms epoch). */
export interface ApprovalRecord {
  id: string;
  status: ApprovalStatus;
  runId: string | null;
  invocationId: string | null;
  generationId: string | null;
  chatId: string;
  /** The model's tool call id within its turn. */
  callId: string;
  toolId: string;
  /** The name the model used (model-facing alias). */
  alias: string;
  registrationId: string;
  serverName: string;
  /** The call's arguments as JSON text, cut to ARGUMENTS_PREVIEW_CHARS. */
  argumentsPreview: string;
  requestedAt: number;
  expiresAt: number;
  /** The decision that ended it (`approve`/`always_allow`/`deny`), null otherwise. */
  decision: ApprovalDecision | null;
  decidedBy: ApprovalDecider | null;
  resolvedAt: number | null;
}

/** The wire view (`approval` of `approval.requested` / `approval.resolved`, docs/api.md "Approvals"). */
export interface ApprovalView {
  id: string;
  status: ApprovalStatus;
  runId?: string;
  invocationId?: string;
  generationId?: string;
  chatId: string;
  callId: string;
  toolId: string;
  alias: string;
  registrationId: string;
  serverName: string;
  argumentsPreview: string;
  requestedAt: string;
  expiresAt: string;
  decision?: ApprovalDecision;
  decidedBy?: { deviceId: string; at: string };
}

/** `GET/PATCH /approvals/settings`. */
export interface ApprovalSettings {
  timeoutMs: number;
}

export function toApprovalView(record: ApprovalRecord): ApprovalView {
  return {
    id: record.id,
    status: record.status,
    ...(record.runId ? { runId: record.runId } : {}),
    ...(record.invocationId ? { invocationId: record.invocationId } : {}),
    ...(record.generationId ? { generationId: record.generationId } : {}),
    chatId: record.chatId,
    callId: record.callId,
    toolId: record.toolId,
    alias: record.alias,
    registrationId: record.registrationId,
    serverName: record.serverName,
    argumentsPreview: record.argumentsPreview,
    requestedAt: new Date(record.requestedAt).toISOString(),
    expiresAt: new Date(record.expiresAt).toISOString(),
    ...(record.decision ? { decision: record.decision } : {}),
    ...(record.decidedBy
      ? { decidedBy: { deviceId: record.decidedBy.deviceId, at: new Date(record.decidedBy.at).toISOString() } }
      : {}),
  };
}

/** A new approval id: `apr_` + 20 lower-case hex chars. */
export function newApprovalId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `apr_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** True for a well-formed approval id (anything else is `approval.not_found`). */
export function isApprovalId(value: string): boolean {
  return /^apr_[0-9a-f]{20}$/.test(value);
}

/** The arguments text cut to ARGUMENTS_PREVIEW_CHARS (an ellipsis marks a cut). */
export function argumentsPreview(argumentsText: string): string {
  const text = argumentsText.trim() === "" ? "{}" : argumentsText;
  if (text.length <= ARGUMENTS_PREVIEW_CHARS) return text;
  return `${text.slice(0, ARGUMENTS_PREVIEW_CHARS - 1)}…`;
}

/**
 * Checks a timeout (ms). Errors: `approval.settings_invalid` (400) outside
 * [MIN_APPROVAL_TIMEOUT_MS (MIN_DEV_APPROVAL_TIMEOUT_MS in development), MAX_APPROVAL_TIMEOUT_MS].
 */
export function checkApprovalTimeout(timeoutMs: number, development: boolean): number {
  const min = development ? MIN_DEV_APPROVAL_TIMEOUT_MS : MIN_APPROVAL_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < min || timeoutMs > MAX_APPROVAL_TIMEOUT_MS) {
    throw new AppError(
      "approval.settings_invalid",
      `The approval timeout must be a whole number of milliseconds from ${min} to ${MAX_APPROVAL_TIMEOUT_MS} (7 days).`,
      { min, max: MAX_APPROVAL_TIMEOUT_MS },
    );
  }
  return timeoutMs;
}

/** The final status a decision gives. */
export function statusOfDecision(decision: ApprovalDecision): "approved" | "denied" {
  return decision === "deny" ? "denied" : "approved";
}

/**
 * What the model is told when a call it asked for did not run (a NotSent, recoverable error
 * result): `mcp.approval_denied` for a denial or a cancel, `mcp.approval_expired` for an expiry.
 * Null for an approved call.
 */
export function declinedIssue(record: Pick<ApprovalRecord, "status" | "alias">): {
  code: "mcp.approval_denied" | "mcp.approval_expired";
  message: string;
} | null {
  switch (record.status) {
    case "denied":
    case "cancelled":
      return {
        code: "mcp.approval_denied",
        message: `The user declined the call to "${record.alias}"; it was not sent. Do not retry it unless the user asks.`,
      };
    case "expired":
      return {
        code: "mcp.approval_expired",
        message: `Nobody approved the call to "${record.alias}" in time; it was not sent. Do not retry it unless the user asks.`,
      };
    default:
      return null;
  }
}
