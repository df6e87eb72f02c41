/**
 * "Add a device": creates a single-use pairing code (10 minutes) and shows it as a link and a QR
 * code of `<origin>/#pair=<code>`. Closes itself with a confirmation when a new device appears.
 */
import { useState } from "react";
import type { Device, PairingCode } from "../api/types";
import { BusyButton } from "../components/BusyButton";
import { pairingLink } from "../session/hash-link";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { useFrame } from "../state/use-socket";
import { QrCode } from "./QrCode";
import { formatSeconds, useCountdown } from "./use-countdown";

export function PairDevicePanel({ knownIds }: { knownIds: ReadonlySet<string> }) {
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
    const device = frame.device as Device | undefined;
    if (!code || !device || knownIds.has(device.id) || device.revoked) return;
    setCode(null);
    setPaired(device.name);
    show({ kind: "success", message: `New device paired: ${device.name}` });
  });

  const link = code ? pairingLink(window.location.origin, code.code) : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      show({ kind: "info", message: "Pairing link copied." });
    } catch {
      show({
        kind: "error",
        code: "client.clipboard_unavailable",
        message: "Could not copy; select the link and copy it by hand.",
      });
    }
  };

  return (
    <section className="card" aria-labelledby="pair-title">
      <h2 id="pair-title">Add a device</h2>
      {!code && (
        <>
          <p>
            Create a one-time link, then open it (or scan its QR code) on the new device. It works once, for 10 minutes.
          </p>
          {paired && (
            <p className="success" role="status">
              Paired “{paired}”.
            </p>
          )}
          <BusyButton variant="primary" busy={create.busy} busyLabel="Creating link…" onClick={() => void create.run()}>
            Create pairing link
          </BusyButton>
        </>
      )}
      {code && (
        <div className="pair">
          <QrCode text={link} label="QR code of the pairing link" />
          <div className="stack pair-info">
            <label className="field">
              <span>Pairing link</span>
              <input readOnly value={link} data-testid="pairing-link" onFocus={(e) => e.currentTarget.select()} />
            </label>
            <p role="timer" aria-live="off">
              {seconds > 0 ? `Expires in ${formatSeconds(seconds)}` : "This link has expired."}
            </p>
            <div className="row">
              <button type="button" className="btn btn-secondary" onClick={() => void copy()} disabled={seconds === 0}>
                Copy link
              </button>
              <BusyButton busy={create.busy} onClick={() => void create.run()}>
                New link
              </BusyButton>
              <button type="button" className="btn btn-ghost" onClick={() => setCode(null)}>
                Done
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
