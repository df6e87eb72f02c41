/**
 * Composition: account export and restore of one user's space (docs/spec/data-portability.md).
 * The kind registry is `archiveKinds`: a new kind (characters, World Info) is one file in
 * src/application/data/kinds/ and one line here; the order is export and restore order
 * (registrations and connections before the profiles that name them, chats before runs).
 */
import { archiveCodec } from "../adapters/archive/codec";
import { SqlAgentProfileStore } from "../adapters/storage/agent-profile-store";
import { SqlBlobStore } from "../adapters/storage/blob-store";
import { SqlExportStore } from "../adapters/storage/data-export-store";
import { SqlRestoreStore } from "../adapters/storage/data-restore-store";
import { SqlMcpRegistrationStore } from "../adapters/storage/mcp-registration-store";
import { SqlModelConnectionStore } from "../adapters/storage/model-connection-store";
import { SqlRowGroupStore } from "../adapters/storage/row-groups";
import { SqlSettingRows } from "../adapters/storage/setting-rows";
import { SqlToolApprovalStore } from "../adapters/storage/tool-approval-store";
import { SqlUserSettingsStore } from "../adapters/storage/user-settings-store";
import type { DataDeps } from "../application/data/deps";
import type { ArchiveKind } from "../application/data/kind";
import { agentProfilesKind } from "../application/data/kinds/agent-profiles";
import { chatsKind } from "../application/data/kinds/chats";
import { mcpRegistrationsKind } from "../application/data/kinds/mcp-registrations";
import { modelConnectionsKind } from "../application/data/kinds/model-connections";
import { rowGroupKind, type RowGroupKindDeps } from "../application/data/kinds/row-group-kind";
import { settingsKind } from "../application/data/kinds/settings";
import { getSettings } from "../application/settings/user-settings";
import type { Space } from "../ports/space";
import { chatDeps } from "./chats";
import { hotRows } from "./hot-rows";
import { secretCipher } from "./secrets";

function archiveKinds(space: Space): ArchiveKind[] {
  const transaction = <T>(fn: () => T): T => space.storage.transactionSync(fn);
  const cipher = secretCipher(space);
  const blobs = new SqlBlobStore(space.sql, () => space.clock.now());
  const groups: RowGroupKindDeps = {
    groups: new SqlRowGroupStore(space.sql, () => hotRows(space).invalidate()),
    putBlob: async (data) => (await blobs.putBytes(data)).sha256,
    sweep: (hashes) => {
      blobs.sweep(hashes);
    },
    transaction,
  };
  return [
    mcpRegistrationsKind({
      repo: new SqlMcpRegistrationStore(space.sql, hotRows(space)),
      approvals: new SqlToolApprovalStore(space.sql),
      cipher,
      transaction,
    }),
    modelConnectionsKind({ repo: new SqlModelConnectionStore(space.sql, hotRows(space)), cipher, transaction }),
    agentProfilesKind(new SqlAgentProfileStore(space.sql), space.sockets),
    rowGroupKind("skills", "skill", groups, false),
    // Version 2: with avatar chunks (binary files); version 1 items restore without a picture.
    rowGroupKind("characters", "character", groups, false, 2),
    rowGroupKind("worldinfo", "book", groups, false),
    settingsKind(new SqlSettingRows(space.sql), (id) => {
      if (id === "worldinfo") space.sockets.broadcast({ type: "worldinfo.changed", settings: true });
      else
        space.sockets.broadcast({
          type: "settings.changed",
          settings: getSettings({ store: new SqlUserSettingsStore(space.sql), sockets: space.sockets }),
        });
    }),
    chatsKind(chatDeps(space)),
    // Version 2: with the "restore to the next run" pointer.
    rowGroupKind("workspaces", "workspace", groups, true, 2),
    rowGroupKind("runs", "run", groups, true),
  ];
}

export function dataDeps(space: Space): DataDeps {
  return space.memo("data", () => {
    const blobs = new SqlBlobStore(space.sql, () => space.clock.now());
    return {
      userId: space.userId,
      exports: new SqlExportStore(space.sql),
      restores: new SqlRestoreStore(space.sql),
      kinds: archiveKinds(space),
      codec: archiveCodec,
      cipher: secretCipher(space),
      readBlob: (hash) => blobs.readBytes(hash),
      clock: space.clock,
      sockets: space.sockets,
      scheduler: space.scheduler,
    };
  });
}
