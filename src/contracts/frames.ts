/**
 * WebSocket frame contracts (docs/spec/hosted.md §7). Client → server frames are validated
 * here; server → client frames are built by the services (ports/space.ts ServerFrame).
 */
import { z } from "zod";

/** Most run subscriptions one socket may hold (they live in its small attachment). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 16;
/** Largest client frame accepted, bytes. */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024;

const runId = z.string().min(1).max(128);

export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping"), id: z.string().max(64).optional() }).strict(),
  z.object({ type: z.literal("agent.subscribe"), runId, afterSeq: z.number().int().min(0).default(0) }).strict(),
  z.object({ type: z.literal("agent.unsubscribe"), runId }).strict(),
]);

export type ClientFrame = z.infer<typeof clientFrameSchema>;
