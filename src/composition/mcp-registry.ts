/** Composition: the McpRegistryService of one user's space (memoized for the object's lifetime). */
import { SqlMcpRegistrationStore } from "../adapters/storage/mcp-registration-store";
import { McpRegistryService } from "../application/mcp/registry-service";
import type { Space } from "../ports/space";
import { hotRows } from "./hot-rows";
import { secretCipher } from "./secrets";

export function mcpRegistryServices(space: Space): McpRegistryService {
  return space.memo(
    "mcp.registry",
    () =>
      new McpRegistryService({
        repo: new SqlMcpRegistrationStore(space.sql, hotRows(space)),
        cipher: secretCipher(space),
        clock: space.clock,
        sockets: space.sockets,
        mutex: space.mutex,
        development: space.development,
      }),
  );
}
