/**
 * /api/v1/admin/users… (docs/api.md "Operator"; docs/spec/data-portability.md §6; ADR 2702):
 * the operator's view of accounts, authorised by the setup token like /setup. Listing reads the
 * user directory only; disable, enable and delete call the user's own object, then the directory.
 */
import { Hono, type Context } from "hono";
import { adminDeleteBodySchema, type AdminUser } from "../../contracts/admin-views";
import { AppError } from "../../domain/errors";
import type { DirectoryEntry } from "../../ports/user-directory";
import { readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireSetupToken } from "../middleware/setup-token";
import { directoryStub, spaceStub } from "../space-client";

export const adminRoutes = new Hono<HttpEnv>();

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toView(entry: DirectoryEntry): AdminUser {
  return {
    userId: entry.userId,
    createdAt: iso(entry.createdAt)!,
    devices: entry.devices,
    bytes: entry.bytes,
    lastSeenAt: iso(entry.lastSeenAt),
    disabled: entry.disabled,
    reportedAt: iso(entry.reportedAt)!,
  };
}

function notFound(): AppError {
  return new AppError("auth.user_not_found", "No user with this id.");
}

adminRoutes.get("/admin/users", async (c) => {
  await requireSetupToken(c);
  return c.json({ users: (await directoryStub(c.env).list()).map(toView) });
});

async function setDisabled(c: Context<HttpEnv>, disabled: boolean): Promise<Response> {
  await requireSetupToken(c);
  const userId = c.req.param("userId") ?? "";
  const space = spaceStub(c.env, userId);
  if (!(await space.adminSetDisabled(disabled))) throw notFound();
  const directory = directoryStub(c.env);
  if (!(await directory.setDisabled(userId, disabled))) {
    // A user from before the directory, not yet backfilled: list it now.
    const figures = await space.adminFigures();
    if (figures) await directory.report(figures);
    await directory.setDisabled(userId, disabled);
  }
  return c.json({ userId, disabled });
}

adminRoutes.post("/admin/users/:userId/disable", (c) => setDisabled(c, true));
adminRoutes.post("/admin/users/:userId/enable", (c) => setDisabled(c, false));

adminRoutes.delete("/admin/users/:userId", async (c) => {
  await requireSetupToken(c);
  const userId = c.req.param("userId");
  const body = await readJson(c, adminDeleteBodySchema);
  if (body.confirm !== userId)
    throw new AppError(
      "admin.confirm_mismatch",
      'Deleting a user needs {"confirm": "<userId>"} with the same user id as the path.',
    );
  const result = await spaceStub(c.env, userId).adminDelete();
  const directory = directoryStub(c.env);
  if (result === null) {
    if (!(await directory.remove(userId))) throw notFound();
    return c.json({ userId, deleted: true as const, verified: true as const });
  }
  if (result.tablesLeft > 0)
    throw new AppError("admin.delete_incomplete", "The user's data could not be verified as deleted; try again.", {
      tablesLeft: result.tablesLeft,
    });
  await directory.remove(userId);
  return c.json({ userId, deleted: true as const, verified: true as const });
});
