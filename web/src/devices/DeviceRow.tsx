/**
 * One device in the list: name, "This device" / "Revoked" badges, added and last-seen times, and
 * Rename / Revoke (revoke asks for confirmation inline; this device signs out from the header).
 */
import { useTranslation } from "react-i18next";
import { formatWhen } from "../i18n/format";
import { useEffect, useRef, useState } from "react";
import type { Device } from "../api/types";
import { BusyButton } from "../components/BusyButton";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { RenameForm } from "./RenameForm";

export function DeviceRow({ device, onChanged }: { device: Device; onChanged(device: Device): void }) {
  const { t } = useTranslation();
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
          {device.current && <span className="badge badge-current">{t("devices.row.thisDevice")}</span>}
          {device.revoked && <span className="badge badge-muted">{t("devices.row.revoked")}</span>}
        </div>
        <div className="device-meta">
          {t("devices.row.meta", { added: formatWhen(device.createdAt), seen: formatWhen(device.lastSeenAt) })}
        </div>
      </div>
      {!device.revoked && mode === "view" && (
        <div className="device-actions">
          <button
            ref={renameButton}
            type="button"
            className="btn btn-secondary"
            onClick={() => setMode("rename")}
            aria-label={t("devices.row.renameLabel", { name: device.name })}
          >
            {t("common.rename")}
          </button>
          {!device.current && (
            <button
              type="button"
              className="btn btn-danger-outline"
              onClick={() => setMode("confirm-revoke")}
              aria-label={t("devices.row.revokeLabel", { name: device.name })}
            >
              {t("devices.row.revoke")}
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
        <div className="confirm" role="group" aria-label={t("devices.row.confirmLabel", { name: device.name })}>
          <p>{t("devices.row.confirm", { name: device.name })}</p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={revoke.busy}
              busyLabel={t("devices.row.revoking")}
              onClick={() => void revoke.run()}
              autoFocus
            >
              {t("devices.row.revokeDevice")}
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setMode("view")}>
              {t("common.cancel")}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
