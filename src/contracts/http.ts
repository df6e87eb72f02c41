/** Shared HTTP body contracts of the device / setup routes (docs/spec/hosted.md §2). */
import { z } from "zod";

export const deviceNameSchema = z.string().trim().min(1).max(80);

export const setupBodySchema = z.object({ deviceName: deviceNameSchema.optional() }).strict();
export const recoverBodySchema = z
  .object({ userId: z.string().regex(/^[0-9a-f]{32}$/), deviceName: deviceNameSchema })
  .strict();
export const pairBodySchema = z.object({ code: z.string().min(1).max(300), deviceName: deviceNameSchema }).strict();
export const renameDeviceBodySchema = z.object({ name: deviceNameSchema }).strict();
