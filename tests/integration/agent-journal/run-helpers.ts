/**
 * Test helpers for agent runs before POST /agent/runs exists: run code inside the user's Durable
 * Object (runInDurableObject) against the real services of its space.
 */
import { env, runInDurableObject } from "cloudflare:test";
import type { UserSpace } from "../../../durable-objects/user-space";
import { agentRunServices, type AgentRunServices } from "../../../src/composition/agent-runs";
import type { AgentRunRecord } from "../../../src/domain/agent/run-record";
import type { AgentRunStatus } from "../../../src/domain/agent/run-status";
import type { Space } from "../../../src/ports/space";

export function spaceStub(userId: string): DurableObjectStub<UserSpace> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return namespace.get(namespace.idFromName(userId));
}

/** Runs `fn` inside the user's object with its agent-run services. */
export function inSpace<T>(
  userId: string,
  fn: (services: AgentRunServices, space: Space) => T | Promise<T>,
): Promise<T> {
  return runInDurableObject(spaceStub(userId), async (instance: UserSpace) => {
    const space = instance.space();
    return fn(agentRunServices(space), space);
  });
}

/** Creates a run (status created, run_created = seq 1). */
export function createRun(
  userId: string,
  stableChatId = "chat-1",
  extra: { presentation?: "foreground" | "background" } = {},
): Promise<AgentRunRecord> {
  return inSpace(userId, ({ runs }) => runs.create({ stableChatId, ...extra }));
}

/** Moves a run through `statuses` in order. */
export function moveRun(userId: string, runId: string, statuses: AgentRunStatus[]): Promise<AgentRunRecord> {
  return inSpace(userId, ({ runs }) => {
    let run = runs.get(runId);
    for (const status of statuses) run = runs.transition(runId, status);
    return run;
  });
}

/** Appends `count` checkpoint_created events {i} to a run. */
export function appendEvents(userId: string, runId: string, count: number): Promise<number> {
  return inSpace(userId, ({ journal }) => {
    let last = 0;
    for (let i = 0; i < count; i += 1)
      last = journal.append(runId, {
        type: "checkpoint_created",
        payload: { checkpointId: `cp_${String(i + 1).padStart(6, "0")}`, reason: "test" },
      }).seq;
    return last;
  });
}

/** The path through the status machine to `completed`. */
export const TO_COMPLETED: AgentRunStatus[] = [
  "initializing_workspace",
  "assembling_context",
  "calling_model",
  "finishing",
  "completed",
];
