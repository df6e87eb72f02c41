/** Query contracts of the workspace read routes (docs/spec/workspace.md §2; docs/api.md "Agent workspace"). */
import { z } from "zod";

const checkpointId = z.string().regex(/^cp_\d{6,}$/, "A checkpoint id looks like cp_000001.");

/** `?afterSeq=&limit=` of GET …/checkpoints. */
export const listCheckpointsQuerySchema = z.strictObject({
  afterSeq: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** `?checkpointId=` of GET …/workspace and …/workspace/*path (omitted = the live workspace). */
export const checkpointQuerySchema = z.strictObject({ checkpointId: checkpointId.optional() });

/** `:a` / `:b` of GET …/checkpoints/:a/diff/:b. */
export const checkpointIdSchema = checkpointId;
