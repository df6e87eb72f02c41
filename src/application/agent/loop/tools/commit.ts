/**
 * `workspace.commit` (docs/spec/workspace.md §3, docs/spec/tool-system.md §2): reads the file (default the messageBody path,
 * must be visible), refuses a blank body (recoverable `workspace.required_artifact_empty`), then
 * `chat_commit_started` → `creating_checkpoint` → checkpoint `chat_commit` → `awaiting_host_commit`
 * → `chat_commit_requested` → ChatService.commitAgentMessage (frozen prefix + target revision
 * check) → `dispatching_tool` + `chat_commit_completed`. The first commit writes per generation
 * type (new message / replace target / new swipe); later commits replace the same message. `append`
 * accumulates the raw file texts of every append commit. Metadata at `extra.tauritavern.agent =
 * {runId, commitId, checkpointId, profileId, stableChatId}`. A refused save (a conflicting edit) is
 * fatal: `chat_commit_failed` and `agent.chat_commit_failed`. Synchronous from the read to the
 * ledger, so nothing interleaves. Each commit also stores its undo entry (`commits/<commitId>.json`,
 * ../commit-ledger.ts).
 */
import { AppError } from "../../../../domain/errors";
import { badArgs, onlyKeys, optString, type Args } from "../../../../domain/agent/loop/builtin-args";
import type { CommitLedgerEntry, PendingCall } from "../../../../domain/agent/loop/loop-state";
import type { AgentToolResult } from "../../../../domain/agent/loop/tool-result";
import type { AgentCommitAction } from "../../../chats/agent-commit";
import { normalizeWorkspacePath } from "../../../../domain/workspace/paths";
import { requireVisible } from "../../../../domain/workspace/roots";
import { textMetrics } from "../../../../domain/workspace/text-metrics";
import { ToolError } from "../../../../domain/workspace/tool-error";
import { createCheckpoint, requireWorkspace } from "../../../workspace";
import { recordCommitLedger } from "../commit-ledger";
import { APPEND_TEXT_DOC, type StepContext } from "../context";

function newCommitId(): string {
  return `commit_${crypto.randomUUID().replaceAll("-", "")}`;
}

/** Runs the commit; returns the tool result (recoverable problems as ToolError thrown). */
export function commitToChat(ctx: StepContext, call: PendingCall, args: Args): AgentToolResult {
  const { deps, state } = ctx;
  const profile = ctx.profile();
  onlyKeys(args, ["path", "mode", "reason"], "workspace_commit");
  const mode = optString(args, "mode") ?? "replace";
  if (mode !== "replace" && mode !== "append")
    throw new ToolError("workspace.commit_mode_invalid", `mode must be "replace" or "append", not "${mode}".`);
  const reason = optString(args, "reason");
  const rawPath = optString(args, "path") ?? profile.messageBodyPath;
  let path: string;
  try {
    path = normalizeWorkspacePath(rawPath);
  } catch (error) {
    throw new ToolError("workspace.invalid_path", (error as Error).message);
  }
  const workspace = requireWorkspace(deps.workspace, ctx.runId);
  requireVisible(path, workspace.manifest.roots);
  const file = deps.workspace.files.file(ctx.runId, path);
  if (!file)
    throw new ToolError(
      "workspace.file_not_found",
      `${path} does not exist; write it with workspace_write_file before committing.`,
    );
  const fileText = deps.workspace.blobs.readText(file.sha256);
  if (fileText === null)
    throw new AppError("workspace.storage_corrupt", `The content of ${path} is missing from storage.`, { path });
  if (fileText.trim().length === 0)
    throw new ToolError(
      "workspace.required_artifact_empty",
      `${path} is empty; write the message before committing it.`,
    );
  const previousAppend = mode === "append" ? (deps.store.getDoc(ctx.runId, APPEND_TEXT_DOC) ?? "") : "";
  const text = mode === "append" ? previousAppend + fileText : fileText;

  const commitId = newCommitId();
  const inv = state.invocationId;
  ctx.emit("chat_commit_started", {
    commitId,
    invocationId: inv,
    callId: call.callId,
    path,
    mode,
    reason: reason ?? null,
  });
  ctx.status("creating_checkpoint");
  const trigger = deps.journal.lastSeq(ctx.runId);
  const checkpoint = createCheckpoint(deps.workspace, ctx.runId, {
    reason: "chat_commit",
    eventSeq: trigger,
    paths: [path],
  });
  ctx.emit("checkpoint_created", { checkpointId: checkpoint.id, reason: "chat_commit" });
  ctx.status("awaiting_host_commit");
  const metrics = textMetrics(text);
  ctx.emit("chat_commit_requested", {
    commitId,
    invocationId: inv,
    callId: call.callId,
    runId: ctx.runId,
    workspaceId: ctx.run.workspaceId,
    stableChatId: ctx.run.stableChatId,
    chatRef: ctx.run.chatRef,
    generationType: ctx.run.generationType,
    profileId: profile.id,
    persistBaseStateId: state.persistBaseStateId,
    path,
    mode,
    reason: reason ?? null,
    chars: metrics.chars,
    words: metrics.words,
    sha256: file.sha256,
    checkpointId: checkpoint.id,
  });
  const last = state.commits[state.commits.length - 1];
  const target = state.target;
  const action: AgentCommitAction = last
    ? { kind: "replace", messageId: last.messageId, ifRevision: last.revision, text }
    : target.kind === "append"
      ? { kind: "append", text }
      : { kind: target.kind, messageId: target.messageId!, ifRevision: target.revision!, text };
  let committed;
  try {
    committed = deps.chats.commitAgentMessage(ctx.run.stableChatId, {
      frozenPrefix: state.frozenPrefix,
      action,
      agent: {
        runId: ctx.runId,
        commitId,
        checkpointId: checkpoint.id,
        profileId: profile.id,
        stableChatId: ctx.run.stableChatId,
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.emit("chat_commit_failed", {
      commitId,
      invocationId: inv,
      callId: call.callId,
      path,
      mode,
      message,
      code: error instanceof AppError ? error.code : null,
    });
    throw new AppError("agent.chat_commit_failed", `The chat message could not be saved: ${message}`, {
      commitId,
      cause: error instanceof AppError ? error.code : "unknown",
    });
  }
  const message = committed.message;
  const entry: CommitLedgerEntry = {
    commitId,
    callId: call.callId,
    path,
    mode,
    messageId: message.messageId,
    messageIndex: message.index,
    revision: message.revision,
    round: state.round,
    checkpointId: checkpoint.id,
    committedAt: deps.clock.now(),
  };
  state.commits.push(entry);
  // The ledger entry that lets the user undo this commit later (../../commit-revert.ts reads it).
  recordCommitLedger(deps.store, ctx.runId, {
    commitId,
    chatId: ctx.run.stableChatId,
    messageId: message.messageId,
    kind: action.kind,
    revisionAfter: message.revision,
    before: committed.previous,
    committedAt: entry.committedAt,
    revertedAt: null,
  });
  if (mode === "append") deps.store.putDoc(ctx.runId, APPEND_TEXT_DOC, text);
  ctx.status("dispatching_tool");
  ctx.emit("chat_commit_completed", {
    commitId,
    invocationId: inv,
    callId: call.callId,
    path,
    mode,
    messageId: message.messageId,
    messageIndex: message.index,
  });
  deps.runs.update(ctx.runId, {
    commitCount: state.commits.length,
    committedMessage: {
      commitId,
      messageId: message.messageId,
      messageIndex: message.index,
      committedAt: entry.committedAt,
    },
  });
  const Mode = mode === "append" ? "Append" : "Replace";
  return {
    callId: call.callId,
    toolId: call.toolId ?? null,
    content: `Committed ${path} to the current chat message with mode ${Mode}. You may continue editing and commit again to update the same message; call workspace_finish when you are done.`,
    structured: {
      path,
      mode,
      messageId: message.messageId,
      messageIndex: message.index,
      chars: metrics.chars,
      words: metrics.words,
    },
    isError: false,
    resourceRefs: [path],
  };
}

/** `workspace.finish` (docs/spec/tool-system.md §2): foreground runs need a commit first (`agent.foreground_commit_required`). */
export function requestFinish(ctx: StepContext, call: PendingCall, args: Args): AgentToolResult {
  onlyKeys(args, ["reason"], "workspace_finish");
  if (args.reason !== undefined && typeof args.reason !== "string") throw badArgs('"reason" must be a string.');
  if (ctx.run.presentation === "foreground" && ctx.state.commits.length === 0) {
    throw new ToolError(
      "agent.foreground_commit_required",
      "Commit the message with workspace_commit before calling workspace_finish.",
    );
  }
  ctx.state.finished = true;
  return {
    callId: call.callId,
    toolId: call.toolId ?? null,
    content: "Finished the Agent run.",
    structured: args.reason !== undefined ? { reason: args.reason } : {},
    isError: false,
    resourceRefs: [],
  };
}
