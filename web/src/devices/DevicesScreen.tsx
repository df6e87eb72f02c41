/** The Devices screen: add a device (pairing link + QR), and the live list with rename and revoke. */
import { useTranslation } from "react-i18next";
import { useMemo } from "react";
import { ErrorNote } from "../components/ErrorNote";
import { DeviceRow } from "./DeviceRow";
import { PairDevicePanel } from "./PairDevicePanel";
import { useDevices } from "./use-devices";

export function DevicesScreen() {
  const { t } = useTranslation();
  const { devices, loading, error, reload, upsert } = useDevices();
  const knownIds = useMemo(() => new Set((devices ?? []).map((d) => d.id)), [devices]);
  const active = devices?.filter((d) => !d.revoked).length ?? 0;
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t("devices.title")}</h1>
      <p className="muted">{t("devices.intro")}</p>
      <PairDevicePanel knownIds={knownIds} />
      <section className="card" aria-labelledby="devices-title" aria-busy={loading}>
        <div className="card-head">
          <h2 id="devices-title">{devices ? t("devices.activeCount", { count: active }) : t("devices.yourDevices")}</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void reload()} disabled={loading}>
            {t("devices.refresh")}
          </button>
        </div>
        {loading && !devices && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t("devices.loading")}
          </p>
        )}
        <ErrorNote error={error} />
        {devices && (
          <ul className="device-list" aria-label={t("devices.listLabel")}>
            {devices.map((device) => (
              <DeviceRow key={device.id} device={device} onChanged={upsert} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
