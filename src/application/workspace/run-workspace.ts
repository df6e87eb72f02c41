/**
 * Run workspace lifecycle (docs/spec/workspace.md §1): create with the manifest and resolved roots, look up,
 * close. Writes are accepted only while the workspace is `open`; a finished run is `promoted`
 * (see persist.ts), a failed or cancelled one `closed` — neither ever changes files again.
 */
import { AppError } from "../../domain/errors";
import { buildManifest, type ChatRef, type WorkspaceManifest } from "../../domain/workspace/manifest";
import { resolveRoots, type RootPolicy, type WorkspaceRoot } from "../../domain/workspace/roots";
import type { WorkspaceRunRecord } from "../../ports/workspace-store";
import type { WorkspaceDeps, WorkspaceToolContext } from "./deps";

/** Input of createRunWorkspace. */
export interface CreateRunWorkspaceInput {
  runId: string;
  /** `chat_<16 hex>` (docs/spec/agent-runtime.md §2), computed by the run service. */
  workspaceId: string;
  stableChatId: string;
  chatRef: ChatRef;
  /** Profile `workspace.visibleRoots` / `writableRoots` (default: all five). */
  roots?: RootPolicy;
  /** The profile's messageBody artifact path (default `output/main.md`). */
  messageBodyPath?: string;
}

/**
 * Creates the run's workspace (idempotent for the same runId: returns the stored manifest).
 * @returns the manifest (docs/spec/workspace.md §1) for `manifest.json` / `workspace_initialized`.
 * @throws AppError `workspace.invalid_roots` | `workspace.invalid_artifact`.
 */
export function createRunWorkspace(deps: WorkspaceDeps, input: CreateRunWorkspaceInput): WorkspaceManifest {
  const existing = deps.files.run(input.runId);
  if (existing) return existing.manifest;
  const now = deps.clock.now();
  const manifest = buildManifest({
    runId: input.runId,
    stableChatId: input.stableChatId,
    chatRef: input.chatRef,
    createdAt: now,
    roots: resolveRoots(input.roots),
    messageBodyPath: input.messageBodyPath,
  });
  deps.files.insertRun({
    runId: input.runId,
    workspaceId: input.workspaceId,
    stableChatId: input.stableChatId,
    manifest,
    state: "open",
    createdAt: now,
  });
  return manifest;
}

/**
 * The run's workspace record.
 * @throws AppError `workspace.not_found` (no workspace for this run; a system error for the loop).
 */
export function requireWorkspace(deps: WorkspaceDeps, runId: string): WorkspaceRunRecord {
  const run = deps.files.run(runId);
  if (!run) throw new AppError("workspace.not_found", `Run ${runId} has no workspace.`, { runId });
  return run;
}

/**
 * The record of a workspace that still accepts writes.
 * @throws AppError `workspace.not_found` | `workspace.run_closed`.
 */
export function requireOpenWorkspace(deps: WorkspaceDeps, runId: string): WorkspaceRunRecord {
  const run = requireWorkspace(deps, runId);
  if (run.state !== "open")
    throw new AppError("workspace.run_closed", `The workspace of run ${runId} is ${run.state}; it no longer changes.`, {
      runId,
      state: run.state,
    });
  return run;
}

/** Roots that apply to a tool call: the context's narrowed roots or the manifest's. */
export function rootsFor(run: WorkspaceRunRecord, ctx: WorkspaceToolContext): WorkspaceRoot[] {
  return ctx.roots ?? run.manifest.roots;
}

/**
 * Closes the workspace of a failed, cancelled or partially successful run: files and checkpoints
 * are kept, nothing changes any more, and its persistent changes are never promoted (docs/spec/workspace.md §3).
 * No-op when already closed or promoted.
 */
export function closeRunWorkspace(deps: WorkspaceDeps, runId: string): void {
  const run = requireWorkspace(deps, runId);
  if (run.state === "open") deps.files.setState(runId, "closed");
}
