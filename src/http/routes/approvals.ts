/**
 * Tool-call approval routes (docs/spec/approvals.md; docs/api.md "Approvals"):
 * - GET /approvals?status=pending|approved|denied|expired|cancelled → {approvals: Approval[]}
 * - POST /approvals/:approvalId {decision: "approve"|"deny"|"always_allow"} → Approval
 *   (404 approval.not_found; 409 approval.already_resolved with details.approval)
 * - GET /approvals/settings → {timeoutMs}; PATCH /approvals/settings {timeoutMs} → {timeoutMs}
 *   (400 approval.settings_invalid)
 */
import { Hono } from "hono";
import {
  approvalListQuerySchema,
  approvalSettingsBodySchema,
  decideApprovalBodySchema,
} from "../../contracts/approval-views";
import { readJson, readQuery } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const approvalRoutes = new Hono<HttpEnv>();

approvalRoutes.get("/approvals", requireDevice, async (c) => {
  const { status } = readQuery(c, approvalListQuerySchema);
  return c.json(await callSpace(c, "approvals.list", { status }));
});

approvalRoutes.get("/approvals/settings", requireDevice, async (c) =>
  c.json(await callSpace(c, "approvals.settings.get", {})),
);

approvalRoutes.patch("/approvals/settings", requireDevice, async (c) => {
  const body = await readJson(c, approvalSettingsBodySchema);
  return c.json(await callSpace(c, "approvals.settings.update", body));
});

approvalRoutes.post("/approvals/:approvalId", requireDevice, async (c) => {
  const { decision } = await readJson(c, decideApprovalBodySchema);
  return c.json(await callSpace(c, "approvals.decide", { approvalId: c.req.param("approvalId"), decision }));
});
