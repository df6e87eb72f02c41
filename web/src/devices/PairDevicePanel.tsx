/**
 * "Add a device": creates a single-use pairing code (10 minutes) and shows it as a link and a QR
 * code of `<origin>/#pair=<code>`. Closes itself with a confirmation when a new device appears.
 */
import { useTranslation } from "react-i18next";
import { useState } from "react";
import type { PairingCode } from "../api/types";
import { BusyButton } from "../components/BusyButton";
import { pairingLink } from "../session/hash-link";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { useFrame } from "../state/use-socket";
import { QrCode } from "./QrCode";
import { formatSeconds, useCountdown } from "./use-countdown";

export function PairDevicePanel({ knownIds }: { knownIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const { devices, socket } = useServices();
  const { show } = useToasts();
  const [code, setCode] = useState<PairingCode | null>(null);
  const [paired, setPaired] = useState<string | null>(null);
  const create = useAction(async () => {
    setPaired(null);
    setCode(await devices.createPairingCode());
  });
  const seconds = useCountdown(code?.expiresAt ?? null);
  useFrame(socket, "device.changed", (frame) => {
    const { device } = frame;
    if (!code || knownIds.has(device.id) || device.revoked) return;
    setCode(null);
    setPaired(device.name);
    show({ kind: "success", message: t("devices.pair.pairedToast", { name: device.name }) });
  });

  const link = code ? pairingLink(window.location.origin, code.code) : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      show({ kind: "info", message: t("devices.pair.copied") });
    } catch {
      show({
        kind: "error",
        code: "client.clipboard_unavailable",
        message: t("devices.pair.copyFailed"),
      });
    }
  };

  return (
    <section className="card" aria-labelledby="pair-title">
      <h2 id="pair-title">{t("devices.pair.title")}</h2>
      {!code && (
        <>
          <p>{t("devices.pair.intro")}</p>
          {paired && (
            <p className="success" role="status">
              {t("devices.pair.paired", { name: paired })}
            </p>
          )}
          <BusyButton
            variant="primary"
            busy={create.busy}
            busyLabel={t("devices.pair.creating")}
            onClick={() => void create.run()}
          >
            {t("devices.pair.create")}
          </BusyButton>
        </>
      )}
      {code && (
        <div className="pair">
          <QrCode text={link} label={t("devices.pair.qrLabel")} />
          <div className="stack pair-info">
            <label className="field">
              <span>{t("devices.pair.link")}</span>
              <input readOnly value={link} data-testid="pairing-link" onFocus={(e) => e.currentTarget.select()} />
            </label>
            <p role="timer" aria-live="off">
              {seconds > 0 ? t("devices.pair.expiresIn", { time: formatSeconds(seconds) }) : t("devices.pair.expired")}
            </p>
            <div className="row">
              <button type="button" className="btn btn-secondary" onClick={() => void copy()} disabled={seconds === 0}>
                {t("devices.pair.copy")}
              </button>
              <BusyButton busy={create.busy} onClick={() => void create.run()}>
                {t("devices.pair.newLink")}
              </BusyButton>
              <button type="button" className="btn btn-ghost" onClick={() => setCode(null)}>
                {t("devices.pair.done")}
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
