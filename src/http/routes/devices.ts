/** /api/v1/devices…, /api/v1/ws-tickets (docs/spec/hosted.md §2). */
import { Hono } from "hono";
import { pairBodySchema, renameDeviceBodySchema } from "../../contracts/http";
import { parseRoutedSecret } from "../../domain/auth/credentials";
import { AppError, unwrap } from "../../domain/errors";
import { readJson } from "../body";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace, requestClientKey, spaceStub } from "../space-client";

export const deviceRoutes = new Hono<HttpEnv>();

deviceRoutes.post("/devices/pair", async (c) => {
  const body = await readJson(c, pairBodySchema);
  const parsed = parseRoutedSecret(body.code);
  if (!parsed)
    throw new AppError(
      "auth.pairing_code_invalid",
      "This pairing code is not valid or was already used. Create a new one on a signed-in device.",
    );
  const issued = unwrap(await spaceStub(c.env, parsed.userId).pair(body.code, body.deviceName, requestClientKey(c)));
  return c.json(issued, 201);
});

// Auth is per route (not `use("/devices/*")`) so unknown paths and wrong methods stay 404/405.
deviceRoutes.get("/devices", requireDevice, async (c) => c.json(await callSpace(c, "devices.list", {})));
deviceRoutes.post("/devices/pairing-codes", requireDevice, async (c) =>
  c.json(await callSpace(c, "devices.createPairingCode", {}), 201),
);
deviceRoutes.patch("/devices/:deviceId", requireDevice, async (c) => {
  const body = await readJson(c, renameDeviceBodySchema);
  return c.json(await callSpace(c, "devices.rename", { deviceId: c.req.param("deviceId"), name: body.name }));
});
deviceRoutes.post("/devices/:deviceId/revoke", requireDevice, async (c) =>
  c.json(await callSpace(c, "devices.revoke", { deviceId: c.req.param("deviceId") })),
);
deviceRoutes.delete("/devices/:deviceId", requireDevice, async (c) =>
  c.json(await callSpace(c, "devices.revoke", { deviceId: c.req.param("deviceId") })),
);
deviceRoutes.post("/ws-tickets", requireDevice, async (c) =>
  c.json(await callSpace(c, "devices.createTicket", {}), 201),
);
