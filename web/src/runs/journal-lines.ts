/**
 * One human line per journal event (docs/spec/journal.md event types; payload fields as the agent
 * loop writes them). `detail: true` marks bookkeeping events the run page hides unless "Show every
 * event" is on. The text is shown as plain text (payload strings come from the server or model).
 */
import type { AgentRunEvent } from "../api/types";
import { formatCount } from "../chats/format";
import { statusLabel } from "./types";

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
const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
const chars = (p: Payload) => (num(p.chars) !== null ? ` (${plural(num(p.chars)!, "char")})` : "");
const failure = (p: Payload) => [str(p.code ?? p.errorCode), str(p.message)].filter(Boolean).join(" ");

function line(text: string, tone: LineTone = "info", detail = false): JournalLine {
  return { text, tone, detail };
}

function describeTyped(type: string, p: Payload): JournalLine {
  const tool = str(p.name) || str(p.toolId) || "a tool";
  switch (type) {
    case "run_created":
      return line("Run created");
    case "profile_resolved":
      return line(`Profile: ${str(p.profileId)}`);
    case "generation_intent_recorded":
      return line(
        `${statusLabel(str(p.generationType) || "normal")} generation from ${plural(num(p.inputMessageCount) ?? 0, "chat message")}`,
      );
    case "status_changed":
      return line(`Status: ${statusLabel(str(p.status))}`, "info", true);
    case "workspace_initialized":
      return line("Workspace ready");
    case "context_assembled": {
      const request = (p.request ?? {}) as Payload;
      return line(
        `Context ready: ${plural(num(request.messageCount) ?? 0, "message")}, ${plural(num(request.toolCount) ?? 0, "tool")}${request.model ? `, model ${str(request.model)}` : ""}`,
      );
    }
    case "model_call_attempt_failed":
      return line(
        `Model call failed: ${failure(p)}${p.willRetry === true ? " — will retry" : ""}`,
        p.willRetry === true ? "warn" : "error",
      );
    case "model_call_retry_scheduled":
      return line(
        `Retrying the model call in ${Math.round((num(p.intervalMs) ?? 0) / 100) / 10} s (attempt ${num(p.nextAttempt) ?? "?"})`,
        "warn",
      );
    case "model_completed": {
      const calls = num(p.toolCallCount) ?? 0;
      const narration = (p.narration as Payload | undefined)?.text;
      const said =
        typeof narration === "string" && narration.trim()
          ? ` — “${narration.trim()}${(p.narration as Payload).truncated === true ? "…" : ""}”`
          : "";
      return line(
        calls > 0
          ? `Model called ${plural(calls, "tool")}${said}`
          : `Model answered with text only (${plural(num(p.textChars) ?? 0, "char")})`,
      );
    }
    case "direct_output_captured":
      return line(`Text without a tool call saved to ${str(p.path)}${chars(p)}`, "warn");
    case "drift_recovery_attempted":
      return line(`Reminded the model to use its tools (attempt ${num(p.attempt) ?? "?"})`, "warn");
    case "tool_call_started":
      return line(`Calling ${tool}`, "info", true);
    case "tool_call_completed":
      return line(`${tool} done${num(p.elapsedMs) !== null ? ` (${formatCount(num(p.elapsedMs)!)} ms)` : ""}`);
    case "tool_call_failed":
      return line(`${tool} failed: ${failure(p)}`, "warn");
    case "workspace_file_written":
      return line(`Wrote ${str(p.path)}${chars(p)}`);
    case "workspace_patch_applied":
      return line(`Edited ${str(p.path)} (${plural(num(p.replacements) ?? 0, "replacement")})`);
    case "chat_commit_requested":
      return line(`Committing ${str(p.path)} to the chat${chars(p)}`, "info", true);
    case "chat_commit_completed":
      return line(
        `Committed to the chat${num(p.messageIndex) !== null ? ` (message #${num(p.messageIndex)! + 1})` : ""}`,
        "success",
      );
    case "chat_commit_failed":
      return line(`Commit failed: ${failure(p)}`, "error");
    case "agent_loop_finished":
      return line(`Agent finished its work (${plural(num(p.commitCount) ?? 0, "commit")})`);
    case "persistent_changes_commit_failed":
      return line(`Saving persistent files failed: ${str(p.message)}`, "error");
    case "persistent_state_metadata_update_failed":
      return line(`Saving the state id on the message failed: ${str(p.message)}`, "error");
    case "user_guidance_submitted":
      return line(`Guidance queued: “${str(p.preview)}”`);
    case "user_guidance_applied":
      return line(`Guidance given to the model: “${str(p.preview)}”`);
    case "user_guidance_discarded":
      return line(`Guidance discarded (${str(p.reason).replaceAll("_", " ")})`, "warn");
    case "run_cancel_requested":
      return line("Cancel requested", "warn");
    case "run_completed":
      return line("Completed", "success");
    case "run_cancelled":
      return line("Cancelled", "warn");
    case "run_partial_success":
      return line(`Partly done: ${failure(p)} (${plural(num(p.preservedCommitCount) ?? 0, "commit")} kept)`, "warn");
    case "run_failed":
      return line(`Failed: ${failure(p)}`, "error");
    case "prompt_assembly_failed":
      return line(`Prompt assembly failed: ${failure(p)}`, "error");
    case "agent_invocation_failed":
      return line(`Agent failed: ${failure(p)}`, "error", true);
    case "checkpoint_created":
      return line(`Checkpoint ${str(p.checkpointId)} (${str(p.reason).replaceAll("_", " ")})`, "info", true);
    case "model_request_created":
      return line("Asking the model", "info", true);
    default:
      return line(type.replaceAll("_", " "), "info", true);
  }
}

/** Lines that start with one of these words continue a "Round N: " prefix in lower case (tool names keep theirs). */
const OWN_WORDS = /^(Model|Text|Reminded|Calling|Asking|Retrying|Guidance|Committing|Checkpoint)\b/;

/** The readable line for one event; "Round N: " in front when the event names its round. */
export function describeEvent(event: Pick<AgentRunEvent, "type" | "payload" | "level">): JournalLine {
  const payload = event.payload && typeof event.payload === "object" ? (event.payload as Payload) : {};
  const described = describeTyped(event.type, payload);
  const round = num(payload.round);
  const body = OWN_WORDS.test(described.text)
    ? `${described.text.charAt(0).toLowerCase()}${described.text.slice(1)}`
    : described.text;
  const text = round !== null ? `Round ${round}: ${body}` : described.text;
  const tone =
    event.level === "error" ? "error" : described.tone === "info" && event.level === "warn" ? "warn" : described.tone;
  return { text, tone, detail: described.detail || (event.level === "debug" && described.tone === "info") };
}
