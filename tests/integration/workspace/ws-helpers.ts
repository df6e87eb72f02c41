/** Helpers for workspace tests: run code inside a user's Durable Object with real SQLite. */
import { SqlPersistPointerStore } from "../../../src/adapters/storage/persist-pointer-store";
import { env, runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { SqlBlobStore } from "../../../src/adapters/storage/blob-store";
import { SqlCheckpointStore } from "../../../src/adapters/storage/checkpoint-store";
import { SqlPersistStateStore } from "../../../src/adapters/storage/persist-state-store";
import { SqlWorkspaceFileStore } from "../../../src/adapters/storage/workspace-file-store";
import type { WorkspaceDeps, WorkspaceToolContext } from "../../../src/application/workspace/deps";
import { createRunWorkspace } from "../../../src/application/workspace/run-workspace";
import { runWorkspaceTool } from "../../../src/application/workspace/tools/dispatch";
import type { WorkspaceToolOutcome } from "../../../src/domain/workspace/tool-error";
import type { Space } from "../../../src/ports/space";
import { createUser } from "../helpers";

/** Runs `fn` inside the user's object. */
export async function inSpace<T>(userId: string, fn: (space: Space) => Promise<T> | T): Promise<T> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  const stub = namespace.get(namespace.idFromName(userId));
  return runInDurableObject(stub, async (instance: UserSpace) => fn(instance.space()));
}

/** Fresh (non-memoized) deps, as a new invocation after eviction would build them. */
export function freshDeps(space: Space, now?: () => number): WorkspaceDeps {
  const clock = now ? { now } : space.clock;
  return {
    files: new SqlWorkspaceFileStore(space.storage),
    blobs: new SqlBlobStore(space.sql, () => clock.now()),
    checkpoints: new SqlCheckpointStore(space.storage),
    persist: new SqlPersistStateStore(space.sql),
    pointers: new SqlPersistPointerStore(space.sql),
    clock,
  };
}

let counter = 0;
/** A run id in the contract's format, unique per call. */
export function testRunId(): string {
  counter += 1;
  return `run_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}${String(counter).padStart(8, "0")}`;
}

/** A user with one open run workspace; `call` runs a workspace tool as a fresh step each time. */
export async function workspaceFixture(
  options: { roots?: { visibleRoots?: string[]; writableRoots?: string[] }; workspaceId?: string } = {},
) {
  const user = await createUser();
  const runId = testRunId();
  await inSpace(user.userId, (space) =>
    createRunWorkspace(freshDeps(space), {
      runId,
      workspaceId: options.workspaceId ?? "chat_0123456789abcdef",
      stableChatId: "chat-1",
      chatRef: { kind: "character", characterId: "c", fileName: "f" },
      roots: options.roots,
    }),
  );
  const call = (
    name: string,
    args: Record<string, unknown>,
    ctx: Partial<WorkspaceToolContext> = {},
  ): Promise<WorkspaceToolOutcome<any>> =>
    inSpace(user.userId, (space) => runWorkspaceTool(freshDeps(space), { runId, ...ctx }, name, args));
  return { user, runId, call };
}

/** Asserts a tool error with `code`. */
export function expectToolError(outcome: WorkspaceToolOutcome<any>, code: string): void {
  expect(outcome.isError, JSON.stringify(outcome)).toBe(true);
  if (outcome.isError) {
    expect(outcome.errorCode).toBe(code);
    expect(outcome.structured.error.code).toBe(code);
    expect(outcome.content.length).toBeGreaterThan(10);
  }
}

/** Asserts success and returns the structured result. */
export function ok<T = any>(outcome: WorkspaceToolOutcome<T>): T {
  expect(outcome.isError, JSON.stringify(outcome)).toBe(false);
  return (outcome as { structured: T }).structured;
}
