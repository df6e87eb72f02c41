/**
 * The page behind a pairing link `<origin>/#pair=<code>` (QR code on a signed-in device): asks
 * for a device name and signs this browser in (POST /api/v1/devices/pair).
 */
import { useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { DevicesApi } from "../api/devices";
import { AuthLayout } from "../components/AuthLayout";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { guessDeviceName } from "../session/device-name";
import type { Session } from "../session/session-store";
import { useAction } from "../state/use-action";

export interface PairScreenProps {
  code: string;
  devices: DevicesApi;
  alreadySignedIn: boolean;
  onSignedIn(session: Session): void;
  onCancel(): void;
}

export function PairScreen({ code, devices, alreadySignedIn, onSignedIn, onCancel }: PairScreenProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => guessDeviceName(navigator.userAgent));
  const pair = useAction(async (deviceName: string) => onSignedIn(await devices.pair(code, deviceName)), {
    toastErrors: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pair.run(name.trim());
  };
  return (
    <AuthLayout title={t("auth.pair.title")}>
      <p>{t("auth.pair.intro")}</p>
      {alreadySignedIn && <p className="note">{t("auth.pair.alreadySignedIn")}</p>}
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>{t("auth.pair.deviceName")}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required autoFocus />
        </label>
        <ErrorNote error={pair.error} />
        <div className="row">
          <BusyButton
            type="submit"
            variant="primary"
            busy={pair.busy}
            busyLabel={t("auth.pair.busy")}
            disabled={name.trim() === ""}
          >
            {t("auth.pair.submit")}
          </BusyButton>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t("common.cancel")}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
