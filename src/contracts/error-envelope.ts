/** The error envelope every /api/v1 failure carries (docs/api.md "Errors"; src/http/errors.ts builds it). */
import { z } from "zod";
import { errorCodeSchema } from "./error-code";

export const errorEnvelopeSchema = z.strictObject({
  error: z.strictObject({
    /** A catalogued dotted code, e.g. `chat.revision_conflict`. */
    code: errorCodeSchema,
    message: z.string().min(1),
    requestId: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
