/**
 * One human line per journal event (docs/spec/journal.md event types; payload fields as the agent
 * loop writes them). `detail: true` marks bookkeeping events the run page hides unless "Show every
 * event" is on. The text is shown as plain text (payload strings come from the server or model).
 */
import type { AgentRunEvent } from "../api/types";
import { formatDuration } from "../i18n/format";
import { localizeError } from "../i18n/errors";
import { i18n } from "../i18n/i18n";
import { generationLabel, statusText } from "./status-text";

export type LineTone = "info" | "success" | "warn" | "error";

export interface JournalLine {
  text: string;
  tone: LineTone;
  detail: boolean;
}

type Payload = Record<string, unknown>;
const str = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const jt = (key: string, values?: Record<string, unknown>) => i18n.t(`runs.journal.${key}`, values ?? {});
/** "1,234 chars" in the current language (the count formatted per locale, the noun pluralized). */
const plural = (n: number, noun: string) => jt(noun, { count: n });
const chars = (p: Payload) =>
  num(p.chars) !== null ? jt("charsSuffix", { chars: plural(num(p.chars)!, "chars") }) : "";
/**
 * The line of a `tool_call_denied` by its decision, when it is not the user's own "deny": nobody
 * answered in time, or the run ended before anyone did.
 */
const DENIAL_KEYS = new Map([
  ["expired", "tool_call_expired"],
  ["cancelled", "tool_call_approval_cancelled"],
]);

/**
 * A failure as "code sentence": the catalogue's sentence in the reader's language when it has one,
 * else the server's message (docs/spec/i18n.md §3), and the provider's own words where they apply.
 */
const failure = (p: Payload) => {
  const code = str(p.code ?? p.errorCode);
  const message = str(p.message) ?? "";
  if (!code) return message;
  const shown = localizeError({ code, message, details: p.details });
  return [code, shown.primary, shown.quoted].filter(Boolean).join(" ");
};
const reason = (p: Payload) => str(p.reason).replaceAll("_", " ");

function line(text: string, tone: LineTone = "info", detail = false): JournalLine {
  return { text, tone, detail };
}

/** How a line names a profile by id (the runs screens pass `useProfileNames()`); the id itself by default. */
export type ProfileNamer = (profileId: string) => string;

function describeTyped(type: string, p: Payload, profile: ProfileNamer): JournalLine {
  const tool = str(p.name) || str(p.toolId) || jt("aTool");
  switch (type) {
    case "run_created":
    case "workspace_initialized":
    case "model_request_created":
      return line(jt(type), "info", type === "model_request_created");
    case "profile_resolved":
      return line(jt(type, { profile: profile(str(p.profileId)) }));
    case "generation_intent_recorded":
      return line(
        jt(type, {
          type: generationLabel(str(p.generationType) || "normal"),
          messages: plural(num(p.inputMessageCount) ?? 0, "chatMessages"),
        }),
      );
    case "status_changed":
      return line(jt(type, { status: statusText(str(p.status)) }), "info", true);
    case "context_assembled": {
      const request = (p.request ?? {}) as Payload;
      return line(
        jt(type, {
          messages: plural(num(request.messageCount) ?? 0, "messages"),
          tools: plural(num(request.toolCount) ?? 0, "tools"),
        }) + (request.model ? jt("contextModel", { model: str(request.model) }) : ""),
      );
    }
    case "model_call_attempt_failed":
      return line(
        // "…, will retry" follows the failure's sentence: its final full stop goes ("。，" in Chinese).
        p.willRetry === true
          ? jt(type, { failure: failure(p).replace(/[。.]\s*$/u, "") }) + jt("willRetry")
          : jt(type, { failure: failure(p) }),
        p.willRetry === true ? "warn" : "error",
      );
    case "model_call_retry_scheduled":
      return line(
        jt(type, {
          seconds: formatDuration(Math.max(100, num(p.intervalMs) ?? 0)),
          attempt: num(p.nextAttempt) ?? "?",
        }),
        "warn",
      );
    case "model_completed": {
      const calls = num(p.toolCallCount) ?? 0;
      const narration = (p.narration as Payload | undefined)?.text;
      const said =
        typeof narration === "string" && narration.trim()
          ? jt("modelSaid", { text: `${narration.trim()}${(p.narration as Payload).truncated === true ? "…" : ""}` })
          : "";
      return line(
        calls > 0
          ? jt("modelCalledTools", { tools: plural(calls, "tools") }) + said
          : jt("modelTextOnly", { chars: plural(num(p.textChars) ?? 0, "chars") }),
      );
    }
    case "direct_output_captured":
      return line(jt(type, { path: str(p.path) }) + chars(p), "warn");
    case "drift_recovery_attempted":
      return line(jt(type, { attempt: num(p.attempt) ?? "?" }), "warn");
    case "tool_call_started":
      return line(jt(type, { tool }), "info", true);
    case "tool_call_awaiting_approval":
      return line(jt(type, { tool }), "warn");
    case "tool_call_approved":
      return line(jt(type, { tool }), "success");
    case "tool_call_denied":
      return line(jt(DENIAL_KEYS.get(str(p.decision) ?? "") ?? type, { tool }), "warn");
    case "tool_call_completed":
      return line(
        jt(type, { tool }) +
          (num(p.elapsedMs) !== null ? jt("elapsed", { ms: formatDuration(num(p.elapsedMs)!) }) : ""),
      );
    case "tool_call_failed":
      return line(jt(type, { tool, failure: failure(p) }), "warn");
    case "workspace_file_written":
      return line(jt(type, { path: str(p.path) }) + chars(p));
    case "workspace_patch_applied":
      return line(jt(type, { path: str(p.path), replacements: plural(num(p.replacements) ?? 0, "replacements") }));
    case "chat_commit_requested":
      return line(jt(type, { path: str(p.path) }) + chars(p), "info", true);
    case "chat_commit_completed":
      return line(
        jt(type) + (num(p.messageIndex) !== null ? jt("messageNumber", { n: num(p.messageIndex)! + 1 }) : ""),
        "success",
      );
    case "chat_commit_failed":
    case "run_failed":
    case "prompt_assembly_failed":
      return line(jt(type, { failure: failure(p) }), "error");
    case "agent_invocation_failed":
      return line(jt(type, { failure: failure(p) }), "error", true);
    case "agent_delegate_started":
    case "agent_handoff_requested":
    case "agent_handoff_accepted":
      return line(
        jt(type, { profile: profile(str(p.targetProfileId)) }),
        type === "agent_handoff_accepted" ? "success" : "info",
      );
    case "agent_task_started":
    case "agent_await_started":
      return line(jt(type), "info", type === "agent_task_started");
    case "agent_await_completed":
      return line(jt(p.timedOut === true ? "agent_await_timed_out" : type), p.timedOut === true ? "warn" : "info");
    case "agent_task_completed":
      return line(jt(type), "success");
    case "agent_task_failed":
      return line(jt(type, { failure: failure((p.error as Payload | undefined) ?? p) }), "warn");
    case "agent_task_cancelled":
      return line(jt(type), "warn");
    case "agent_loop_finished":
      return line(jt(type, { commits: plural(num(p.commitCount) ?? 0, "commits") }));
    case "persistent_changes_commit_failed":
    case "persistent_state_metadata_update_failed":
      return line(jt(type, { message: str(p.message) }), "error");
    case "user_guidance_submitted":
    case "user_guidance_applied":
      return line(jt(type, { preview: str(p.preview) }));
    case "user_guidance_discarded":
      return line(jt(type, { reason: reason(p) }), "warn");
    case "run_cancel_requested":
    case "run_cancelled":
      return line(jt(type), "warn");
    case "run_completed":
      return line(jt(type), "success");
    case "commit_reverted":
      return line(jt(type), "warn");
    case "persist_restored":
      return line(jt(type, { checkpoint: str(p.checkpointId) }));
    case "run_partial_success":
      return line(
        jt(type, { failure: failure(p), commits: plural(num(p.preservedCommitCount) ?? 0, "commits") }),
        "warn",
      );
    case "checkpoint_created":
      return line(jt(type, { id: str(p.checkpointId), reason: reason(p) }), "info", true);
    default:
      return line(type.replaceAll("_", " "), "info", true);
  }
}

/** Lines that start with one of these words continue a "Round N: " prefix in lower case (tool names keep theirs). */
const OWN_WORDS = /^(Model|Text|Reminded|Calling|Asking|Retrying|Guidance|Committing|Checkpoint|Waiting|Nobody)\b/;

/** The readable line for one event; "Round N: " in front when the event names its round. */
export function describeEvent(
  event: Pick<AgentRunEvent, "type" | "payload" | "level">,
  profile: ProfileNamer = (id) => id,
): JournalLine {
  const payload = event.payload && typeof event.payload === "object" ? (event.payload as Payload) : {};
  const described = describeTyped(event.type, payload, profile);
  const round = num(payload.round);
  const body = OWN_WORDS.test(described.text)
    ? `${described.text.charAt(0).toLowerCase()}${described.text.slice(1)}`
    : described.text;
  const text = round !== null ? jt("round", { round, text: body }) : described.text;
  const tone =
    event.level === "error" ? "error" : described.tone === "info" && event.level === "warn" ? "warn" : described.tone;
  return { text, tone, detail: described.detail || (event.level === "debug" && described.tone === "info") };
}
