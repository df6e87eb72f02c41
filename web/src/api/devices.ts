/** Device, setup and pairing calls (docs/spec/hosted.md §2; docs/api.md "Devices"). */
import type { ApiClient } from "./client";
import type { Device, IssuedDevice, PairingCode, WsTicket } from "./types";

export interface DevicesApi {
  /** GET /devices → devices, the calling one marked `current`. */
  list(): Promise<Device[]>;
  /** GET /devices with a pasted token (sign-in): proves the token works. */
  listWithToken(deviceToken: string): Promise<Device[]>;
  /** PATCH /devices/:id {name} (1..80 chars) → the device. */
  rename(deviceId: string, name: string): Promise<Device>;
  /** POST /devices/:id/revoke → the device (its token fails at once, its sockets close). */
  revoke(deviceId: string): Promise<Device>;
  /** POST /devices/pairing-codes → a single-use code valid 10 minutes. */
  createPairingCode(): Promise<PairingCode>;
  /** POST /devices/pair {code, deviceName} (no token) → a new device token. */
  pair(code: string, deviceName: string): Promise<IssuedDevice>;
  /** POST /setup with the operator's setup token → the owner's first device token. */
  setup(setupToken: string, deviceName: string): Promise<IssuedDevice>;
  /** POST /ws-tickets → a single-use socket ticket. */
  createTicket(): Promise<WsTicket>;
}

export function devicesApi(api: ApiClient): DevicesApi {
  const at = (id: string) => `/devices/${encodeURIComponent(id)}`;
  return {
    list: async () => (await api.get<{ devices: Device[] }>("/devices")).devices,
    listWithToken: async (deviceToken) =>
      (await api.get<{ devices: Device[] }>("/devices", { bearer: deviceToken })).devices,
    rename: (deviceId, name) => api.patch<Device>(at(deviceId), { name }),
    revoke: (deviceId) => api.post<Device>(`${at(deviceId)}/revoke`),
    createPairingCode: () => api.post<PairingCode>("/devices/pairing-codes"),
    pair: (code, deviceName) => api.post<IssuedDevice>("/devices/pair", { code, deviceName }, { auth: false }),
    setup: (setupToken, deviceName) => api.post<IssuedDevice>("/setup", { deviceName }, { bearer: setupToken }),
    createTicket: () => api.post<WsTicket>("/ws-tickets"),
  };
}
