/**
 * Stops every run and chat generation of the user (docs/spec/data-portability.md §6): used when an
 * operator disables or deletes the account. Runs are cancelled as by the user (journal
 * `run_cancel_requested`, in-flight steps aborted); generations are stopped. Data is kept.
 */
import { AGENT_RUN_STATUSES, isTerminalStatus } from "../../domain/agent/run-status";
import { cancelRun } from "../agent/cancel-run";
import type { LoopDeps } from "../agent/loop/deps";
import { stopGeneration } from "../generation/control";
import type { GenerationDeps } from "../generation/deps";

/** @returns how many runs and generations were asked to stop. */
export function stopAllWork(loop: LoopDeps, generation: GenerationDeps): { runs: number; generations: number } {
  const statuses = AGENT_RUN_STATUSES.filter((s) => !isTerminalStatus(s));
  const runIds: string[] = [];
  let cursor: string | undefined;
  do {
    const page = loop.runs.list({ statuses, limit: 200, ...(cursor ? { cursor } : {}) });
    runIds.push(...page.runs.map((r) => r.runId));
    cursor = page.nextCursor;
  } while (cursor);
  for (const runId of runIds) cancelRun(loop, runId);
  const generations = generation.store.active();
  for (const g of generations) stopGeneration(generation, g.chatId, g.generationId);
  return { runs: runIds.length, generations: generations.length };
}
