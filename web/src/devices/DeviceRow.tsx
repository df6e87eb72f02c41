/**
 * One device in the list: name, "This device" / "Revoked" badges, added and last-seen times, and
 * Rename / Revoke (revoke asks for confirmation inline; this device signs out from the header).
 */
import { useEffect, useRef, useState } from "react";
import type { Device } from "../api/types";
import { BusyButton } from "../components/BusyButton";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { RenameForm } from "./RenameForm";

function when(iso: string | null): string {
  if (!iso) return "never";
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function DeviceRow({ device, onChanged }: { device: Device; onChanged(device: Device): void }) {
  const { devices } = useServices();
  const [mode, setMode] = useState<"view" | "rename" | "confirm-revoke">("view");
  const renameButton = useRef<HTMLButtonElement>(null);
  const leftForm = useRef(false);
  // Keyboard users land back on the row's Rename button when a form or confirmation closes.
  useEffect(() => {
    if (mode !== "view") leftForm.current = true;
    else if (leftForm.current) {
      leftForm.current = false;
      renameButton.current?.focus();
    }
  }, [mode]);
  const revoke = useAction(async () => {
    onChanged(await devices.revoke(device.id));
    setMode("view");
  });
  return (
    <li
      className={`device${device.revoked ? " device-revoked" : ""}`}
      data-testid="device-row"
      data-device-id={device.id}
    >
      <div className="device-main">
        <div className="device-title">
          <span className="device-name" data-testid="device-name">
            {device.name}
          </span>
          {device.current && <span className="badge badge-current">This device</span>}
          {device.revoked && <span className="badge badge-muted">Revoked</span>}
        </div>
        <div className="device-meta">
          Added {when(device.createdAt)} · Last seen {when(device.lastSeenAt)}
        </div>
      </div>
      {!device.revoked && mode === "view" && (
        <div className="device-actions">
          <button
            ref={renameButton}
            type="button"
            className="btn btn-secondary"
            onClick={() => setMode("rename")}
            aria-label={`Rename ${device.name}`}
          >
            Rename
          </button>
          {!device.current && (
            <button
              type="button"
              className="btn btn-danger-outline"
              onClick={() => setMode("confirm-revoke")}
              aria-label={`Revoke ${device.name}`}
            >
              Revoke
            </button>
          )}
        </div>
      )}
      {mode === "rename" && (
        <RenameForm
          device={device}
          onDone={(updated) => {
            if (updated) onChanged(updated);
            setMode("view");
          }}
        />
      )}
      {mode === "confirm-revoke" && (
        <div className="confirm" role="group" aria-label={`Confirm revoking ${device.name}`}>
          <p>Revoke “{device.name}”? It is signed out at once and needs a new pairing link to come back.</p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={revoke.busy}
              busyLabel="Revoking…"
              onClick={() => void revoke.run()}
              autoFocus
            >
              Revoke device
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setMode("view")}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
