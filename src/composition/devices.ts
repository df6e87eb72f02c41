/** Composition: the DeviceService of one user's space. */
import { SqlDeviceStore } from "../adapters/storage/device-store";
import { DeviceService } from "../application/devices/device-service";
import { hotRows } from "./hot-rows";
import type { Space } from "../ports/space";

export function deviceServices(space: Space): DeviceService {
  return space.memo(
    "devices",
    () => new DeviceService(new SqlDeviceStore(space.sql, hotRows(space)), space.clock, space.sockets, space.scheduler),
  );
}
