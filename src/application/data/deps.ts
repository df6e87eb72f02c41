/**
 * What account export and restore use (built by src/composition/data.ts;
 * docs/spec/data-portability.md).
 */
import type { ArchiveCodec, ExportStore, RestoreStore } from "../../ports/data-archive";
import type { SecretCipher } from "../../ports/secret-cipher";
import type { Clock, Scheduler, SocketHub } from "../../ports/space";
import type { ArchiveKind } from "./kind";

/** Step kind of an export (ref = exportId). */
export const EXPORT_STEP_JOB = "data.export";
/** Step kind of a restore (ref = restoreId). */
export const RESTORE_STEP_JOB = "data.restore";
/** Job that removes expired exports and restores (ref = "" ). */
export const DATA_EXPIRY_JOB = "data.expire";

export interface DataDeps {
  userId: string;
  exports: ExportStore;
  restores: RestoreStore;
  /** The kind registry, in export and restore order. */
  kinds: readonly ArchiveKind[];
  codec: ArchiveCodec;
  cipher: SecretCipher;
  /** The bytes of a shared blob, or null when unknown. */
  readBlob(sha256: string): Uint8Array | null;
  clock: Clock;
  sockets: SocketHub;
  scheduler: Scheduler;
}

/** An ISO time, or null. */
export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
