/** zod contracts of the MCP test-call routes (docs/api.md; docs/spec/mcp-platform.md §14). */
import { z } from "zod";

/** A client-given call id: 1–128 visible ASCII characters. */
export const callIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, "callId must be visible ASCII without spaces");

/** `POST /mcp/servers/:id/tools/:nativeName/test-call`. `argumentsJson` size is a gate, not a 4xx. */
export const testCallBodySchema = z.strictObject({
  argumentsJson: z.string(),
  callId: callIdSchema.optional(),
});
