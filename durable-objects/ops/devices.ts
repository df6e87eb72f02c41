/** Device operations (docs/spec/hosted.md §2): list, rename, revoke, pairing codes, socket tickets. */
import { deviceServices } from "../../src/composition/devices";
import { defineOps } from "./registry";

export const deviceOps = defineOps({
  "devices.list": (space, _input, caller) => ({
    devices: deviceServices(space).list(caller.deviceId),
  }),
  "devices.rename": (space, input) => deviceServices(space).rename(input.deviceId, input.name),
  "devices.revoke": (space, input) => deviceServices(space).revoke(input.deviceId),
  "devices.createPairingCode": (space, _input, caller) =>
    deviceServices(space).createPairingCode(space.userId, caller.deviceId),
  "devices.createTicket": (space, _input, caller) => deviceServices(space).createTicket(space.userId, caller.deviceId),
});
