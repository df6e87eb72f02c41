/**
 * Composition: the agent-run services of one user's space (docs/spec/agent-runtime.md §3, docs/spec/journal.md).
 * `journal` is the live RunJournal the agent loop appends to; `runs` owns run records and status.
 */
import { SqlRunJournalStore } from "../adapters/storage/run-journal-store";
import { SqlRunStore } from "../adapters/storage/run-store";
import { JournalService } from "../application/agent/journal";
import { RunRecordService, type RunCleanup } from "../application/agent/run-records";
import type { Space } from "../ports/space";
import { hotRows } from "./hot-rows";
import { deleteRunWorkspace } from "./workspace";
import { SqlAgentLoopStore } from "../adapters/storage/agent-loop-store";
import { SqlDelegationStore } from "../adapters/storage/delegation-store";
import { SqlSkillStore } from "../adapters/storage/skill-store";

export interface AgentRunServices {
  runs: RunRecordService;
  journal: JournalService;
}

/**
 * Rows other features keep per run (workspace, checkpoints, loop state) are dropped by adding a
 * cleanup here; each runs inside the delete transaction of a terminal run.
 */
const RUN_CLEANUPS: ReadonlyArray<(space: Space, runId: string) => void> = [
  deleteRunWorkspace,
  (space, runId) => new SqlAgentLoopStore(space.storage, hotRows(space)).deleteRun(runId),
  (space, runId) => new SqlSkillStore(space.storage).deleteRunReads(runId),
  (space, runId) => new SqlDelegationStore(space.storage, hotRows(space)).deleteRun(runId),
];

export function agentRunServices(space: Space): AgentRunServices {
  return space.memo("agent-runs", () => {
    const hot = hotRows(space);
    const store = new SqlRunStore(space.storage, hot);
    const journal = new JournalService(new SqlRunJournalStore(space.sql, space.clock, hot), store, space.sockets);
    const runs = new RunRecordService(
      store,
      journal,
      space.clock,
      space.sockets,
      RUN_CLEANUPS.map(
        (cleanup): RunCleanup =>
          (runId) =>
            cleanup(space, runId),
      ),
    );
    return { runs, journal };
  });
}
