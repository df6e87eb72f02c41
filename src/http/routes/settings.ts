/**
 * User settings routes (docs/api.md "Settings"; docs/spec/chats.md "Personas"):
 * - GET /settings → {persona: {name, description?} | null}
 * - PATCH /settings {persona?: {name, description?} | null} → the same; broadcasts `settings.changed`
 *   (400 input.invalid on a blank or over-long name)
 */
import { Hono } from "hono";
import { settingsPatchSchema } from "../../contracts/settings";
import { readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const settingsRoutes = new Hono<HttpEnv>();

settingsRoutes.get("/settings", requireDevice, async (c) => c.json(await callSpace(c, "settings.get", {})));

settingsRoutes.patch("/settings", requireDevice, async (c) => {
  const body = await readJson(c, settingsPatchSchema);
  return c.json(await callSpace(c, "settings.update", body));
});
