/** Composition: account state of a user's space and the operator's stop-everything (ADR 2702). */
import { AccountStateStore } from "../adapters/storage/account-state-store";
import { UserDirectoryStore } from "../adapters/storage/user-directory-store";
import { stopAllWork } from "../application/account/stop-all-work";
import type { Space } from "../ports/space";
import type { AccountStateRepository, UserDirectoryRepository } from "../ports/user-directory";
import { agentLoopDeps } from "./agent-loop";
import { chatGenerationDeps } from "./chat-generation";

export function accountState(sql: SqlStorage): AccountStateRepository {
  return new AccountStateStore(sql);
}

/** Cancels every run and stops every generation of the space. */
export function stopAccountWork(space: Space): { runs: number; generations: number } {
  return stopAllWork(agentLoopDeps(space), chatGenerationDeps(space));
}

/** The directory store over the UserDirectory object's SQLite. */
export function userDirectoryStore(sql: SqlStorage): UserDirectoryRepository {
  return new UserDirectoryStore(sql);
}
