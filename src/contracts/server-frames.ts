/**
 * Every server → client WebSocket frame (docs/spec/hosted.md §7; docs/api.md): JSON objects with a
 * noun.verb `type`, one schema each, joined in `serverFrameSchema`. `ServerFrame` (the union) is
 * what ports/space SocketHub sends, so a frame the server builds is checked against it at compile
 * time, and the web client narrows received frames by `type`. The schemas are not parsed on the
 * hot path; tests parse the frames real sockets receive with `serverFrameSchema`.
 *
 * Broadcast to every socket of the user: `device.*`, `chat.*`, `model.connection_*`, `mcp.*`,
 * `agent.run_changed`, `agent.run_removed`, `agent.profile_changed`, `skill.changed`, `character.changed`, `worldinfo.changed`, `agent.retention_*`, `approval.*`, `settings.changed`. Sent to one socket:
 * `pong`, `error`, `agent.subscribed`, and `agent.event`, `agent.model_delta` (to the sockets subscribed to the run).
 */
import { agentModelDeltaFrameSchema } from "./timeline-views";
import { z } from "zod";
import { AGENT_RUN_STATUSES } from "../domain/agent/run-status";
import { agentRunEventSchema, waitingOnSchema } from "./agent-run-views";
import { approvalViewSchema } from "./approval-views";
import { chatViewSchema, messageViewSchema } from "./chat-views";
import { connectionViewSchema } from "./connection-views";
import { deviceViewSchema, isoTimeSchema } from "./device-views";
import { errorCodeSchema } from "./error-code";
import {
  generationDeltaFrameSchema,
  generationEndedFrameSchema,
  generationStartedFrameSchema,
} from "./generation-views";
import { mcpServerViewSchema } from "./mcp-views";
import { pruneRecordSchema, retentionViewSchema } from "./retention-views";
import { settingsViewSchema } from "./settings";

const frame = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

/** Answer to a client `ping {id?}`. */
export const pongFrameSchema = frame("pong", { id: z.string().optional() });

/**
 * A client frame the server refused or could not handle (`ws.frame_too_large`, `ws.frame_invalid`,
 * `ws.frame_unsupported`, `ws.too_many_subscriptions`, `agent.run_not_found` with `runId`, …).
 * `issues` lists up to 5 schema problems of an invalid frame.
 */
export const errorFrameSchema = frame("error", {
  code: errorCodeSchema,
  message: z.string(),
  runId: z.string().optional(),
  issues: z
    .array(z.strictObject({ path: z.string(), message: z.string() }))
    .max(5)
    .optional(),
});

/** A device was renamed, paired or revoked (the view never has `current`). */
export const deviceChangedFrameSchema = frame("device.changed", { device: deviceViewSchema });
/** A device was revoked; its sockets close with 4001. */
export const deviceRevokedFrameSchema = frame("device.revoked", { deviceId: z.string(), device: deviceViewSchema });

/** A chat was created, renamed or edited (`chat`), or deleted (`removed: true`). */
export const chatChangedFrameSchema = frame("chat.changed", {
  chatId: z.string(),
  chat: chatViewSchema.optional(),
  removed: z.literal(true).optional(),
});
export const chatMessageAddedFrameSchema = frame("chat.message_added", {
  chatId: z.string(),
  message: messageViewSchema,
  messageCount: z.number().int().min(0),
});
export const chatMessageUpdatedFrameSchema = frame("chat.message_updated", {
  chatId: z.string(),
  message: messageViewSchema,
});
export const chatMessageRemovedFrameSchema = frame("chat.message_removed", {
  chatId: z.string(),
  messageId: z.string(),
  chatRevision: z.number().int().min(1),
  messageCount: z.number().int().min(0),
});

export const connectionChangedFrameSchema = frame("model.connection_changed", { connection: connectionViewSchema });
export const connectionRemovedFrameSchema = frame("model.connection_removed", { id: z.string() });

/** A registration changed (never carries `warnings`). */
export const mcpServerChangedFrameSchema = frame("mcp.server_changed", { server: mcpServerViewSchema });
export const mcpServerRemovedFrameSchema = frame("mcp.server_removed", {
  registrationId: z.string(),
  revision: z.number().int(),
});
/** A catalog was discovered or refreshed; read it again with GET …/tools. */
export const mcpCatalogChangedFrameSchema = frame("mcp.catalog_changed", {
  registrationId: z.string(),
  fetchedAt: isoTimeSchema,
});

/** A run was created, changed status or started/stopped waiting (docs/spec/scheduling.md §5). */
export const runChangedFrameSchema = frame("agent.run_changed", {
  runId: z.string(),
  status: z.enum(AGENT_RUN_STATUSES),
  waitingOn: waitingOnSchema,
  /** The run's commits so far (the summary's `commitCount`), so run lists stay right live. */
  commitCount: z.number().int().nonnegative(),
  /** Present when retention just slimmed the run (docs/spec/retention-usage.md). */
  slimmed: z.literal(true).optional(),
});
/** A tool call set to Ask waits for the user's decision (docs/spec/approvals.md); every device shows it. */
export const approvalRequestedFrameSchema = frame("approval.requested", { approval: approvalViewSchema });
/** An approval ended: approved, denied, expired or cancelled (the first decision counts). */
export const approvalResolvedFrameSchema = frame("approval.resolved", { approval: approvalViewSchema });

/** Retention settings changed (docs/spec/retention-usage.md "Settings"). */
export const retentionChangedFrameSchema = frame("agent.retention_changed", { settings: retentionViewSchema });
/** A prune ran (docs/spec/retention-usage.md "Prune"); read usage and runs again. */
export const retentionPrunedFrameSchema = frame("agent.retention_pruned", { prune: pruneRecordSchema });
export const runRemovedFrameSchema = frame("agent.run_removed", { runId: z.string() });
/** A profile was saved, imported, repaired or deleted; read it again. */
export const profileChangedFrameSchema = frame("agent.profile_changed", { profileId: z.string() });
/** A skill was installed, replaced, moved (`to` = its new scope) or deleted (docs/spec/skills.md); read the list again. */
export const skillChangedFrameSchema = frame("skill.changed", {
  scope: z.string(),
  name: z.string(),
  action: z.enum(["installed", "replaced", "deleted", "moved"]),
  to: z.string().optional(),
});
/** A library character was created, imported, edited or deleted (`removed: true`); read it again (docs/spec/characters.md). */
export const characterChangedFrameSchema = frame("character.changed", {
  characterId: z.string(),
  removed: z.literal(true).optional(),
});
/** A World Info book changed (`bookId`; `removed: true` when deleted) or the settings did (`settings: true`); docs/spec/worldinfo.md. */
export const worldInfoChangedFrameSchema = frame("worldinfo.changed", {
  bookId: z.string().optional(),
  removed: z.literal(true).optional(),
  settings: z.literal(true).optional(),
});
/** One journal event of a subscribed run (backlog first, then live, no gap, no duplicate). */
export const agentEventFrameSchema = frame("agent.event", { event: agentRunEventSchema });
/** The backlog of `agent.subscribe {runId, afterSeq}` was sent; live events follow. */
export const agentSubscribedFrameSchema = frame("agent.subscribed", {
  runId: z.string(),
  lastSeq: z.number().int().min(0),
});

/** Account export progress (docs/spec/data-portability.md §5): items written of the plan. */
export const exportProgressFrameSchema = frame("export.progress", {
  exportId: z.string(),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  status: z.enum(["running", "ready", "failed"]),
});
/** Account restore progress (docs/spec/data-portability.md §5): items handled of the archive. */
export const restoreProgressFrameSchema = frame("restore.progress", {
  restoreId: z.string(),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  status: z.enum(["running", "done", "failed"]),
});
/** The user's settings changed (docs/spec/chats.md "Personas"): the whole new view. */
export const settingsChangedFrameSchema = frame("settings.changed", { settings: settingsViewSchema });

/** Every server → client frame. */
export const serverFrameSchema = z.discriminatedUnion("type", [
  pongFrameSchema,
  errorFrameSchema,
  deviceChangedFrameSchema,
  deviceRevokedFrameSchema,
  chatChangedFrameSchema,
  chatMessageAddedFrameSchema,
  chatMessageUpdatedFrameSchema,
  chatMessageRemovedFrameSchema,
  connectionChangedFrameSchema,
  connectionRemovedFrameSchema,
  mcpServerChangedFrameSchema,
  mcpServerRemovedFrameSchema,
  mcpCatalogChangedFrameSchema,
  runChangedFrameSchema,
  runRemovedFrameSchema,
  profileChangedFrameSchema,
  skillChangedFrameSchema,
  characterChangedFrameSchema,
  worldInfoChangedFrameSchema,
  retentionChangedFrameSchema,
  retentionPrunedFrameSchema,
  approvalRequestedFrameSchema,
  approvalResolvedFrameSchema,
  agentEventFrameSchema,
  agentSubscribedFrameSchema,
  generationStartedFrameSchema,
  generationDeltaFrameSchema,
  generationEndedFrameSchema,
  exportProgressFrameSchema,
  restoreProgressFrameSchema,
  agentModelDeltaFrameSchema,
  settingsChangedFrameSchema,
]);

/** A server → client frame. */
export type ServerFrame = z.infer<typeof serverFrameSchema>;
/** The `type` of every server frame. */
export type ServerFrameType = ServerFrame["type"];
/** The frame of one `type`, e.g. `ServerFrameOf<"chat.changed">`. */
export type ServerFrameOf<T extends ServerFrameType> = Extract<ServerFrame, { type: T }>;
