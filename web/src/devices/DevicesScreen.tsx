/** The Devices screen: add a device (pairing link + QR), and the live list with rename and revoke. */
import { useMemo } from "react";
import { ErrorNote } from "../components/ErrorNote";
import { DeviceRow } from "./DeviceRow";
import { PairDevicePanel } from "./PairDevicePanel";
import { useDevices } from "./use-devices";

export function DevicesScreen() {
  const { devices, loading, error, reload, upsert } = useDevices();
  const knownIds = useMemo(() => new Set((devices ?? []).map((d) => d.id)), [devices]);
  const active = devices?.filter((d) => !d.revoked).length ?? 0;
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Devices</h1>
      <p className="muted">Every browser signed in to your account. Changes here reach your other devices at once.</p>
      <PairDevicePanel knownIds={knownIds} />
      <section className="card" aria-labelledby="devices-title" aria-busy={loading}>
        <div className="card-head">
          <h2 id="devices-title">Your devices{devices ? ` (${active} active)` : ""}</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void reload()} disabled={loading}>
            Refresh
          </button>
        </div>
        {loading && !devices && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Loading devices…
          </p>
        )}
        <ErrorNote error={error} />
        {devices && (
          <ul className="device-list" aria-label="Devices">
            {devices.map((device) => (
              <DeviceRow key={device.id} device={device} onChanged={upsert} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
