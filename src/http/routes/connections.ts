/**
 * /api/v1/connections… (issue [model-gateway]; docs/spec/hosted.md §9; docs/api.md
 * "Model connections"). Every route needs a device token.
 */
import { Hono } from "hono";
import { createConnectionBodySchema, devStepBodySchema, updateConnectionBodySchema } from "../../contracts/connections";
import type { ModelRequest } from "../../domain/models/ir";
import { readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const connectionRoutes = new Hono<HttpEnv>();

connectionRoutes.get("/connections", requireDevice, async (c) => c.json(await callSpace(c, "connections.list", {})));
connectionRoutes.post("/connections", requireDevice, async (c) =>
  c.json(await callSpace(c, "connections.create", await readJson(c, createConnectionBodySchema)), 201),
);
connectionRoutes.get("/connections/:id", requireDevice, async (c) =>
  c.json(await callSpace(c, "connections.get", { connectionId: c.req.param("id") })),
);
connectionRoutes.patch("/connections/:id", requireDevice, async (c) => {
  const patch = await readJson(c, updateConnectionBodySchema);
  return c.json(await callSpace(c, "connections.update", { connectionId: c.req.param("id"), patch }));
});
connectionRoutes.delete("/connections/:id", requireDevice, async (c) =>
  c.json(await callSpace(c, "connections.delete", { connectionId: c.req.param("id") })),
);
connectionRoutes.post("/connections/:id/test", requireDevice, async (c) =>
  c.json(await callSpace(c, "connections.test", { connectionId: c.req.param("id") })),
);
connectionRoutes.post("/connections/:id/dev-step", requireDevice, async (c) => {
  const body = await readJson(c, devStepBodySchema);
  return c.json(
    await callSpace(c, "connections.devStep", {
      connectionId: c.req.param("id"),
      request: body.request as unknown as ModelRequest,
      stream: body.stream,
    }),
  );
});
