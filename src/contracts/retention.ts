/**
 * HTTP contracts of retention (docs/spec/retention-usage.md "Settings"): the PATCH body. Ranges
 * and the cross-field rule are checked by the domain (src/domain/agent/retention.ts) so every
 * caller gets the same `agent.retention_invalid`.
 */
import { z } from "zod";

/** PATCH /agent/retention: any subset of the three settings; unknown fields are refused. */
export const retentionPatchSchema = z
  .object({
    keepRecentTerminalRuns: z.number(),
    keepFullRecentRuns: z.number(),
    autoPruneEnabled: z.boolean(),
  })
  .partial()
  .strict();
export type RetentionPatch = z.output<typeof retentionPatchSchema>;
