/** Device operations (docs/spec/hosted.md §2): list, rename, revoke, pairing codes, socket tickets. */
import { deviceServices } from "../../src/composition/devices";
import { defineOps } from "./registry";

export const deviceOps = defineOps({
  "devices.list": (space, _input: Record<string, never>, caller) => ({
    devices: deviceServices(space).list(caller.deviceId),
  }),
  "devices.rename": (space, input: { deviceId: string; name: string }) =>
    deviceServices(space).rename(input.deviceId, input.name),
  "devices.revoke": (space, input: { deviceId: string }) => deviceServices(space).revoke(input.deviceId),
  "devices.createPairingCode": (space, _input: Record<string, never>, caller) =>
    deviceServices(space).createPairingCode(space.userId, caller.deviceId),
  "devices.createTicket": (space, _input: Record<string, never>, caller) =>
    deviceServices(space).createTicket(space.userId, caller.deviceId),
});
