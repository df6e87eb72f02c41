/** Operator routes' bodies and answers (docs/api.md "Operator"; docs/spec/data-portability.md §6). */
import { z } from "zod";

/** One user of `GET /api/v1/admin/users`. Times RFC 3339; `bytes` = the user's database size. */
export const adminUserSchema = z.object({
  userId: z.string(),
  createdAt: z.string(),
  devices: z.number().int(),
  bytes: z.number().int(),
  lastSeenAt: z.string().nullable(),
  disabled: z.boolean(),
  reportedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) });

/** `DELETE /api/v1/admin/users/:userId`. */
export const adminDeleteBodySchema = z.object({ confirm: z.string() }).strict();

/** Answer of disable / enable. */
export const adminUserStateSchema = z.object({ userId: z.string(), disabled: z.boolean() });

/** Answer of delete: `verified` = the user's object holds no table any more. */
export const adminDeletedSchema = z.object({ userId: z.string(), deleted: z.literal(true), verified: z.literal(true) });
