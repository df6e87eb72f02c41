/** Port: persistence of model connections (implemented by adapters/storage/model-connection-store). */
import type { ModelConnectionRecord } from "../domain/models/connection";
import type { SealedSecret } from "./secret-cipher";

/** A stored connection with its sealed API key. */
export interface StoredModelConnection {
  record: ModelConnectionRecord;
  apiKey: SealedSecret;
}

export interface ModelConnectionRepository {
  list(): StoredModelConnection[];
  get(id: string): StoredModelConnection | null;
  /** The connection marked default, or null. */
  getDefault(): StoredModelConnection | null;
  count(): number;
  insert(connection: StoredModelConnection): void;
  /** Replaces the row of `connection.record.id`. */
  update(connection: StoredModelConnection): void;
  delete(id: string): boolean;
  /** Makes `id` the only default (or clears every default when null). */
  setDefault(id: string | null): void;
}
