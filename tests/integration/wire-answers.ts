/**
 * Which src/contracts schema a JSON answer of /api/v1 must satisfy, by method and path. The shared
 * `apiJson` helper checks every answer the integration suite reads against it (errors against the
 * error envelope), so a route that drifts from the wire contract fails the test that called it.
 * Routes not listed here (development routes, workspace reads, model turns) are not checked.
 */
import type { z } from "zod";
import {
  agentRunDeletedSchema,
  agentRunEventPageSchema,
  agentRunHandleSchema,
  agentRunPageSchema,
  agentRunSummarySchema,
  guidanceReceiptSchema,
} from "../../src/contracts/agent-run-views";
import {
  chatDeletedSchema,
  chatPageSchema,
  chatViewSchema,
  importedChatViewSchema,
  messageDeletedSchema,
  messageViewSchema,
  messageWindowSchema,
  searchResultSchema,
} from "../../src/contracts/chat-views";
import {
  connectionDeletedSchema,
  connectionListSchema,
  connectionTestResultSchema,
  connectionViewSchema,
} from "../../src/contracts/connection-views";
import {
  deviceListSchema,
  deviceViewSchema,
  issuedDeviceSchema,
  pairingCodeSchema,
  wsTicketSchema,
} from "../../src/contracts/device-views";
import { errorEnvelopeSchema } from "../../src/contracts/error-envelope";
import { agentRunInvocationsSchema } from "../../src/contracts/agent-delegation";
import { adminDeletedSchema, adminUserListSchema, adminUserStateSchema } from "../../src/contracts/admin-views";
import {
  exportListSchema,
  exportViewSchema,
  restorePreviewSchema,
  restoreListSchema,
  restoreViewSchema,
  uploadViewSchema,
} from "../../src/contracts/data-views";
import {
  chatDetailSchema,
  generationStartedSchema,
  generationStopSchema,
  generationViewSchema,
} from "../../src/contracts/generation-views";
import {
  mcpCallOutcomeSchema,
  mcpDiscoveryViewSchema,
  mcpImportResultSchema,
  mcpServerListSchema,
  mcpServerRemovedSchema,
  mcpServerViewSchema,
  modelToolsViewSchema,
} from "../../src/contracts/mcp-views";
import {
  agentToolListSchema,
  profileHealthSchema,
  profileImportResultSchema,
  profileListSchema,
} from "../../src/contracts/profile-views";
import {
  skillDeletedSchema,
  skillDetailSchema,
  skillInstallResultSchema,
  skillListSchema,
  skillMoveResultSchema,
  skillPreviewSchema,
} from "../../src/contracts/skill-views";

import {
  commitRevertResultSchema,
  modelStreamViewSchema,
  restorePersistResultSchema,
  toolCallViewSchema,
} from "../../src/contracts/timeline-views";
import {
  pruneResultSchema,
  retentionPlanSchema,
  retentionViewSchema,
  usageReportSchema,
} from "../../src/contracts/retention-views";
import { characterDeletedSchema, characterListSchema, characterViewSchema } from "../../src/contracts/character-views";
import {
  activationTestResultSchema,
  bookListSchema,
  bookViewSchema,
  worldInfoSettingsSchema,
} from "../../src/contracts/worldinfo-views";
import { settingsViewSchema } from "../../src/contracts/settings";
import { approvalListSchema, approvalSettingsSchema, approvalViewSchema } from "../../src/contracts/approval-views";

type Route = [method: string, path: RegExp, schema: z.ZodType];

const ID = "[^/?]+";
const at = (path: string) => new RegExp(`^/api/v1${path.replaceAll(":id", ID)}(\\?.*)?$`);

const ROUTES: Route[] = [
  ["POST", at("/setup"), issuedDeviceSchema],
  ["POST", at("/setup/recover"), issuedDeviceSchema],
  ["POST", at("/devices/pair"), issuedDeviceSchema],
  ["GET", at("/devices"), deviceListSchema],
  ["POST", at("/devices/pairing-codes"), pairingCodeSchema],
  ["PATCH", at("/devices/:id"), deviceViewSchema],
  ["POST", at("/devices/:id/revoke"), deviceViewSchema],
  ["DELETE", at("/devices/:id"), deviceViewSchema],
  ["POST", at("/ws-tickets"), wsTicketSchema],
  ["GET", at("/chats"), chatPageSchema],
  ["POST", at("/chats"), chatViewSchema],
  ["POST", at("/chats/import"), importedChatViewSchema],
  ["GET", at("/chats/:id"), chatDetailSchema],
  ["PATCH", at("/chats/:id"), chatViewSchema],
  ["DELETE", at("/chats/:id"), chatDeletedSchema],
  ["POST", at("/chats/:id/duplicate"), chatViewSchema],
  ["GET", at("/chats/:id/messages"), messageWindowSchema],
  ["POST", at("/chats/:id/messages"), messageViewSchema],
  ["GET", at("/chats/:id/messages/:id"), messageViewSchema],
  ["PATCH", at("/chats/:id/messages/:id"), messageViewSchema],
  ["DELETE", at("/chats/:id/messages/:id"), messageDeletedSchema],
  ["GET", at("/chats/:id/search"), searchResultSchema],
  ["POST", at("/chats/:id/generate"), generationStartedSchema],
  ["GET", at("/chats/:id/generations/:id"), generationViewSchema],
  ["POST", at("/chats/:id/generations/:id/stop"), generationStopSchema],
  ["GET", at("/connections"), connectionListSchema],
  ["POST", at("/connections"), connectionViewSchema],
  ["GET", at("/connections/:id"), connectionViewSchema],
  ["PATCH", at("/connections/:id"), connectionViewSchema],
  ["DELETE", at("/connections/:id"), connectionDeletedSchema],
  ["POST", at("/connections/:id/test"), connectionTestResultSchema],
  ["GET", at("/mcp/servers"), mcpServerListSchema],
  ["PUT", at("/mcp/servers/:id"), mcpServerViewSchema],
  ["DELETE", at("/mcp/servers/:id"), mcpServerRemovedSchema],
  ["POST", at("/mcp/servers/:id/state"), mcpServerViewSchema],
  ["PUT", at("/mcp/servers/:id/tools/:id/permission"), mcpServerViewSchema],
  ["PUT", at("/mcp/servers/:id/permissions"), mcpServerViewSchema],
  ["POST", at("/mcp/servers/:id/tools/:id/review"), mcpServerViewSchema],
  ["PUT", at("/mcp/servers/:id/tools/:id/description-override"), mcpServerViewSchema],
  ["POST", at("/mcp/servers/:id/discover"), mcpDiscoveryViewSchema],
  ["POST", at("/mcp/servers/:id/refresh"), mcpDiscoveryViewSchema],
  ["POST", at("/mcp/servers/:id/tools/:id/test-call"), mcpCallOutcomeSchema],
  ["GET", at("/mcp/model-tools"), modelToolsViewSchema],
  ["GET", at("/agent/tools"), agentToolListSchema],
  ["GET", at("/agent/profiles"), profileListSchema],
  ["POST", at("/agent/profiles/import"), profileImportResultSchema],
  ["GET", at("/agent/profiles/:id/diagnose"), profileHealthSchema],
  ["POST", at("/agent/runs"), agentRunHandleSchema],
  ["POST", at("/agent/runs/:id/cancel"), agentRunHandleSchema],
  ["POST", at("/agent/runs/:id/guidance"), guidanceReceiptSchema],
  ["GET", at("/agent/runs"), agentRunPageSchema],
  ["GET", at("/agent/runs/:id"), agentRunSummarySchema],
  ["GET", at("/agent/runs/:id/events"), agentRunEventPageSchema],
  ["DELETE", at("/agent/runs/:id"), agentRunDeletedSchema],
  ["GET", at("/agent/runs/:id/tool-calls/:id"), toolCallViewSchema],
  ["GET", at("/agent/runs/:id/invocations"), agentRunInvocationsSchema],
  ["GET", at("/agent/runs/:id/model-stream"), modelStreamViewSchema],
  ["POST", at("/agent/runs/:id/commits/:id/revert"), commitRevertResultSchema],
  ["POST", at("/agent/runs/:id/checkpoints/:id/restore-persist"), restorePersistResultSchema],
  ["POST", at("/skills/import/preview"), skillPreviewSchema],
  ["POST", at("/skills/import"), skillInstallResultSchema],
  ["GET", at("/skills"), skillListSchema],
  ["GET", at("/skills/:id"), skillDetailSchema],
  ["DELETE", at("/skills/:id"), skillDeletedSchema],
  ["POST", at("/skills/:id/move"), skillMoveResultSchema],
  ["GET", at("/agent/retention"), retentionViewSchema],
  ["PATCH", at("/agent/retention"), retentionViewSchema],
  ["GET", at("/agent/retention/plan"), retentionPlanSchema],
  ["POST", at("/agent/retention/prune"), pruneResultSchema],
  ["GET", at("/usage"), usageReportSchema],
  ["POST", at("/export"), exportViewSchema],
  ["GET", at("/export"), exportListSchema],
  ["GET", at("/export/:id"), exportViewSchema],
  ["POST", at("/restore/uploads"), uploadViewSchema],
  ["PUT", at("/restore/uploads/:id"), uploadViewSchema],
  ["POST", at("/restore/preview"), restorePreviewSchema],
  ["GET", at("/restore"), restoreListSchema],
  ["GET", at("/restore/:id"), restoreViewSchema],
  ["POST", at("/restore/:id"), restoreViewSchema],
  ["GET", at("/admin/users"), adminUserListSchema],
  ["POST", at("/admin/users/:id/disable"), adminUserStateSchema],
  ["POST", at("/admin/users/:id/enable"), adminUserStateSchema],
  ["DELETE", at("/admin/users/:id"), adminDeletedSchema],
  ["GET", at("/characters"), characterListSchema],
  ["POST", at("/characters"), characterViewSchema],
  ["POST", at("/characters/import"), characterViewSchema],
  ["GET", at("/characters/:id"), characterViewSchema],
  ["PATCH", at("/characters/:id"), characterViewSchema],
  ["DELETE", at("/characters/:id"), characterDeletedSchema],
  ["PUT", at("/characters/:id/avatar"), characterViewSchema],
  ["GET", at("/worldinfo"), bookListSchema],
  ["POST", at("/worldinfo"), bookViewSchema],
  ["GET", at("/worldinfo/settings"), worldInfoSettingsSchema],
  ["PATCH", at("/worldinfo/settings"), worldInfoSettingsSchema],
  ["POST", at("/worldinfo/activation/test"), activationTestResultSchema],
  ["POST", at("/worldinfo/import"), bookViewSchema],
  ["GET", at("/worldinfo/:id"), bookViewSchema],
  ["PATCH", at("/worldinfo/:id"), bookViewSchema],
  ["DELETE", at("/worldinfo/:id"), characterDeletedSchema],
  ["POST", at("/worldinfo/:id/entries"), bookViewSchema],
  ["PUT", at("/worldinfo/:id/entries/:id"), bookViewSchema],
  ["DELETE", at("/worldinfo/:id/entries/:id"), bookViewSchema],
  ["GET", at("/settings"), settingsViewSchema],
  ["PATCH", at("/settings"), settingsViewSchema],
  ["GET", at("/approvals"), approvalListSchema],
  ["GET", at("/approvals/settings"), approvalSettingsSchema],
  ["PATCH", at("/approvals/settings"), approvalSettingsSchema],
  ["POST", at("/approvals/:id"), approvalViewSchema],
];

/**
 * The schema `body` must satisfy, or null when the route is not in the table. `POST /mcp/servers`
 * answers a server (create) or `{servers, skipped}` (JSON import), told apart by the request body.
 */
export function answerSchema(method: string, path: string, status: number, requestBody: unknown): z.ZodType | null {
  if (!path.startsWith("/api/v1/")) return null;
  if (status >= 400) return errorEnvelopeSchema;
  if (method === "POST" && /^\/api\/v1\/mcp\/servers(\?.*)?$/.test(path)) {
    const isImport = typeof requestBody === "object" && requestBody !== null && "json" in requestBody;
    return isImport ? mcpImportResultSchema : mcpServerViewSchema;
  }
  return ROUTES.find(([m, pattern]) => m === method && pattern.test(path))?.[2] ?? null;
}
