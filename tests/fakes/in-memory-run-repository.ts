/**
 * In-memory RunRepository (src/ports/run-repository.ts) for unit tests, plus a SocketHub that
 * records frames. Pair it with InMemoryRunJournal({autoCreateRuns: true}) to build the real
 * RunRecordService / JournalService in Node. `transaction` runs `fn` with no rollback.
 */
import type { AgentRunRecord, RunListFilter } from "../../src/domain/agent/run-record";
import type { RunRecordPatch, RunRepository } from "../../src/ports/run-repository";
import type { ServerFrame, SocketHub } from "../../src/ports/space";

export class InMemoryRunRepository implements RunRepository {
  readonly runs = new Map<string, AgentRunRecord>();

  insert(run: AgentRunRecord): void {
    if (this.runs.has(run.runId)) throw new Error(`duplicate run ${run.runId}`);
    this.runs.set(run.runId, structuredClone(run));
  }

  get(runId: string): AgentRunRecord | null {
    const run = this.runs.get(runId);
    return run ? structuredClone(run) : null;
  }

  update(runId: string, patch: RunRecordPatch): void {
    const run = this.runs.get(runId);
    if (!run) return;
    for (const [key, value] of Object.entries(patch))
      if (value !== undefined) (run as unknown as Record<string, unknown>)[key] = structuredClone(value);
  }

  list(filter: Required<Pick<RunListFilter, "limit">> & RunListFilter): AgentRunRecord[] {
    return [...this.runs.values()]
      .filter((run) => filter.stableChatId === undefined || run.stableChatId === filter.stableChatId)
      .filter((run) => !filter.statuses || filter.statuses.length === 0 || filter.statuses.includes(run.status))
      .filter(
        (run) =>
          !filter.before ||
          run.createdAt < filter.before.createdAt ||
          (run.createdAt === filter.before.createdAt && run.runId < filter.before.runId),
      )
      .sort((a, b) => b.createdAt - a.createdAt || (a.runId < b.runId ? 1 : -1))
      .slice(0, filter.limit + 1)
      .map((run) => structuredClone(run));
  }

  delete(runId: string): boolean {
    return this.runs.delete(runId);
  }

  transaction<T>(fn: () => T): T {
    return fn();
  }
}

/** A SocketHub that records what was broadcast and published. */
export class RecordingSocketHub implements SocketHub {
  readonly broadcasts: ServerFrame[] = [];
  readonly published: Array<{ key: string; frame: ServerFrame }> = [];
  broadcast(frame: ServerFrame): void {
    this.broadcasts.push(frame);
  }
  publish(key: string, frame: ServerFrame): void {
    this.published.push({ key, frame });
  }
  closeDevice(): void {}
}
