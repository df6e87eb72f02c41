/**
 * /api/v1/agent/profiles… and GET /api/v1/agent/tools (issue [agent-profiles]; docs/spec/profiles.md §6;
 * docs/api.md "Agent profiles"). Every route needs a device token.
 */
import { Hono } from "hono";
import {
  importProfileBodySchema,
  profileIdParamSchema,
  repairProfileBodySchema,
  saveProfileBodySchema,
} from "../../contracts/agent-profiles";
import { invalidInput, readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const agentProfileRoutes = new Hono<HttpEnv>();

function profileId(raw: string): string {
  const parsed = profileIdParamSchema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return parsed.data;
}

agentProfileRoutes.get("/agent/tools", requireDevice, async (c) => c.json(await callSpace(c, "agent.tools.list", {})));

agentProfileRoutes.get("/agent/profiles", requireDevice, async (c) => c.json(await callSpace(c, "profiles.list", {})));
agentProfileRoutes.post("/agent/profiles", requireDevice, async (c) => {
  const profile = await readJson(c, saveProfileBodySchema);
  return c.json(await callSpace(c, "profiles.save", { profile }));
});
agentProfileRoutes.post("/agent/profiles/import", requireDevice, async (c) => {
  const body = await readJson(c, importProfileBodySchema);
  return c.json(
    await callSpace(c, "profiles.import", {
      profile: body.profile,
      ...(body.overwrite !== undefined ? { overwrite: body.overwrite } : {}),
    }),
    201,
  );
});
agentProfileRoutes.get("/agent/profiles/:id", requireDevice, async (c) =>
  c.json(await callSpace(c, "profiles.load", { profileId: profileId(c.req.param("id")) })),
);
agentProfileRoutes.put("/agent/profiles/:id", requireDevice, async (c) => {
  const id = profileId(c.req.param("id"));
  const profile = await readJson(c, saveProfileBodySchema);
  return c.json(await callSpace(c, "profiles.save", { profile, profileId: id }));
});
agentProfileRoutes.delete("/agent/profiles/:id", requireDevice, async (c) =>
  c.json(await callSpace(c, "profiles.delete", { profileId: profileId(c.req.param("id")) })),
);
agentProfileRoutes.post("/agent/profiles/:id/repair", requireDevice, async (c) => {
  const id = profileId(c.req.param("id"));
  const { action } = await readJson(c, repairProfileBodySchema);
  return c.json(await callSpace(c, "profiles.repair", { profileId: id, action }));
});
agentProfileRoutes.get("/agent/profiles/:id/diagnose", requireDevice, async (c) =>
  c.json(await callSpace(c, "profiles.diagnose", { profileId: profileId(c.req.param("id")) })),
);
agentProfileRoutes.get("/agent/profiles/:id/export", requireDevice, async (c) => {
  const id = profileId(c.req.param("id"));
  const document = await callSpace(c, "profiles.export", { profileId: id });
  c.header("content-disposition", `attachment; filename="${document.id}.json"`);
  return c.json(document);
});
