/**
 * The user's devices, kept live: loaded from GET /api/v1/devices, updated in place by
 * `device.changed` / `device.revoked` frames, reloaded after the socket reconnects (frames missed
 * while offline). Sorted: this device, other active devices (newest first), then revoked ones.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { Device } from "../api/types";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";

function rank(device: Device): number {
  return device.current ? 0 : device.revoked ? 2 : 1;
}

export function sortDevices(devices: Device[]): Device[] {
  return [...devices].sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt));
}

export function useDevices() {
  const { devices: api, socket, session } = useServices();
  const [devices, setDevices] = useState<Device[] | null>(null);
  const mark = useCallback(
    (device: Device): Device => ({ ...device, current: device.id === session.deviceId }),
    [session.deviceId],
  );
  const load = useAction(async () => setDevices((await api.list()).map(mark)));
  const upsert = useCallback(
    (device: Device) => {
      setDevices((list) => {
        if (!list) return list;
        const next = mark(device);
        return list.some((d) => d.id === next.id) ? list.map((d) => (d.id === next.id ? next : d)) : [...list, next];
      });
    },
    [mark],
  );

  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "device.changed", (frame) => {
    upsert(frame.device);
  });
  useFrame(socket, "device.revoked", (frame) => {
    upsert(frame.device);
  });

  const sorted = useMemo(() => (devices ? sortDevices(devices) : null), [devices]);
  return { devices: sorted, loading: load.busy, error: load.error, reload, upsert };
}
