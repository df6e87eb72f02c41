/**
 * Wire shapes of tool-call approvals (docs/spec/approvals.md; docs/api.md "Approvals"): the
 * approval view (also the payload of `approval.requested` / `approval.resolved`), the list, the
 * settings, and the request bodies.
 */
import { z } from "zod";
import { APPROVAL_DECISIONS, APPROVAL_STATUSES } from "../domain/approvals/approval";
import { isoTimeSchema } from "./device-views";

export type { ApprovalView, ApprovalSettings, ApprovalStatus, ApprovalDecision } from "../domain/approvals/approval";

/** One approval: the asked tool call, its holder (run or generation), its status and who decided. */
export const approvalViewSchema = z.strictObject({
  id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  runId: z.string().optional(),
  invocationId: z.string().optional(),
  generationId: z.string().optional(),
  chatId: z.string(),
  callId: z.string(),
  toolId: z.string(),
  alias: z.string(),
  registrationId: z.string(),
  serverName: z.string(),
  argumentsPreview: z.string().max(2000),
  requestedAt: isoTimeSchema,
  expiresAt: isoTimeSchema,
  decision: z.enum(APPROVAL_DECISIONS).optional(),
  decidedBy: z.strictObject({ deviceId: z.string(), at: isoTimeSchema }).optional(),
});

/** `GET /approvals?status=`. */
export const approvalListSchema = z.strictObject({ approvals: z.array(approvalViewSchema) });

/** `GET | PATCH /approvals/settings`. */
export const approvalSettingsSchema = z.strictObject({ timeoutMs: z.number().int().positive() });

/** `POST /approvals/:id` body. */
export const decideApprovalBodySchema = z.strictObject({ decision: z.enum(APPROVAL_DECISIONS) });

/** `PATCH /approvals/settings` body. */
export const approvalSettingsBodySchema = z.strictObject({ timeoutMs: z.number() });

/** `GET /approvals` query. */
export const approvalListQuerySchema = z.strictObject({ status: z.enum(APPROVAL_STATUSES).optional() });
