/**
 * Composition: model connections and gateways of a user's space (issue [model-gateway]).
 * - `modelServices(space)` → ModelConnectionService (routes/ops). "Test connection" is limited to
 *   30 s (`TIMEOUT_OVERRIDES.modelTestMs` in development).
 * - `modelGatewayFor(space, connectionId?, modelId?)` → ModelGateway bound to that connection, or to
 *   the user's default connection when `connectionId` is undefined (the agent runtime's entry
 *   point); `modelId` replaces the connection's model (a `connectionRef` profile's `modelId`).
 */
import { createModelGateway } from "../adapters/llm/gateway";
import { SqlModelConnectionStore } from "../adapters/storage/model-connection-store";
import { ModelConnectionService } from "../application/models/connection-service";
import type { ModelGateway } from "../ports/model-gateway";
import type { Space } from "../ports/space";
import { hotRows } from "./hot-rows";
import { secretCipher } from "./secrets";

export function modelServices(space: Space): ModelConnectionService {
  return space.memo(
    "models",
    () =>
      new ModelConnectionService(
        new SqlModelConnectionStore(space.sql, hotRows(space)),
        secretCipher(space),
        space.clock,
        space.sockets,
        (connection) => createModelGateway(connection),
        space.timeoutOverrides.modelTestMs ?? 30_000,
      ),
  );
}

/**
 * The gateway for connection `connectionId` (default connection when undefined), with `modelId`
 * instead of the connection's model when given (1–200 chars after trimming, else `input.invalid`).
 * Errors: `model.connection_not_found`, `secrets.key_mismatch`, `secrets.key_unavailable`.
 */
export function modelGatewayFor(space: Space, connectionId?: string, modelId?: string): Promise<ModelGateway> {
  return modelServices(space).gateway(connectionId, modelId);
}
