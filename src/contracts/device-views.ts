/**
 * Response shapes of the device, setup, pairing and socket-ticket routes (docs/api.md "Devices",
 * "Setup"). Types are inferred from the schemas; the server builds them (application/devices) and
 * the web client reads them type-only. Tests parse real answers with the schemas.
 */
import { z } from "zod";

/** An ISO 8601 UTC timestamp with milliseconds, as `Date.prototype.toISOString` writes it. */
export const isoTimeSchema = z.iso.datetime();

/** A device as `GET /devices` lists it; `current` marks the calling device (list answers only). */
export const deviceViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  createdAt: isoTimeSchema,
  /** null before the device's first use. */
  lastSeenAt: isoTimeSchema.nullable(),
  revoked: z.boolean(),
  current: z.boolean().optional(),
});
export type DeviceView = z.infer<typeof deviceViewSchema>;

/** `GET /devices`. */
export const deviceListSchema = z.strictObject({ devices: z.array(deviceViewSchema) });
export type DeviceList = z.infer<typeof deviceListSchema>;

/** What setup, recover and pair return: the only time a device token is shown (`tte_<userId>_<secret>`). */
export const issuedDeviceSchema = z.strictObject({
  userId: z.string().regex(/^[0-9a-f]{32}$/),
  deviceId: z.string(),
  deviceToken: z.string().startsWith("tte_"),
});
export type IssuedDevice = z.infer<typeof issuedDeviceSchema>;

/** `POST /devices/pairing-codes`: `code` is `<userId>.<secret>`, single use, 10 minutes. */
export const pairingCodeSchema = z.strictObject({ code: z.string(), expiresAt: isoTimeSchema });
export type PairingCode = z.infer<typeof pairingCodeSchema>;

/** `POST /ws-tickets`: single use, 60 seconds. */
export const wsTicketSchema = z.strictObject({ ticket: z.string(), expiresAt: isoTimeSchema });
export type WsTicket = z.infer<typeof wsTicketSchema>;
