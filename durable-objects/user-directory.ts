/**
 * UserDirectory: the operator's list of users (docs/spec/data-portability.md §6; ADR 2702). One
 * instance (`idFromName("directory")`) holding one row per user. Users' objects report their own
 * figures here (at setup, then at most once a minute while used), so listing reads this object
 * only and never calls every user's object. Reached only by the Worker after the setup token was
 * checked, and by users' objects.
 */
import { DurableObject } from "cloudflare:workers";
import { userDirectoryStore } from "../src/composition/account";
import type { AppEnv } from "../src/env";
import { DIRECTORY_OBJECT_NAME } from "../src/domain/directory";
import type { AccountFigures, DirectoryEntry, UserDirectoryRepository } from "../src/ports/user-directory";

export class UserDirectory extends DurableObject<AppEnv> {
  private readonly store: UserDirectoryRepository;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    this.store = userDirectoryStore(ctx.storage.sql);
  }

  /** Records (or refreshes) a user's figures. */
  async report(figures: AccountFigures): Promise<void> {
    this.store.report(figures, Date.now());
  }

  async list(): Promise<DirectoryEntry[]> {
    return this.store.list();
  }

  async get(userId: string): Promise<DirectoryEntry | null> {
    return this.store.get(userId);
  }

  async setDisabled(userId: string, disabled: boolean): Promise<boolean> {
    return this.store.setDisabled(userId, disabled);
  }

  async remove(userId: string): Promise<boolean> {
    return this.store.remove(userId);
  }
}

/** The directory's stub. */
export function directoryStub(env: AppEnv): DurableObjectStub<UserDirectory> {
  const namespace = env.USER_DIRECTORY as unknown as DurableObjectNamespace<UserDirectory>;
  return namespace.get(namespace.idFromName(DIRECTORY_OBJECT_NAME));
}
