/**
 * First run from the `#setup=<SETUP_TOKEN>` link printed by `npm start`: names this device and
 * creates an account (POST /api/v1/setup). The token was already removed from the URL.
 * Every use of the setup token creates another, separate account (the operator creates users with
 * it), so the screen says so and points people who already have an account to pairing instead.
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

export interface SetupScreenProps {
  setupToken: string;
  devices: DevicesApi;
  onSignedIn(session: Session): void;
  onCancel(): void;
  /** True when this browser already holds a device token (creating an account would replace it). */
  alreadySignedIn?: boolean;
}

export function SetupScreen({ setupToken, devices, onSignedIn, onCancel, alreadySignedIn = false }: SetupScreenProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => guessDeviceName(navigator.userAgent));
  const setup = useAction(async (deviceName: string) => onSignedIn(await devices.setup(setupToken, deviceName)), {
    toastErrors: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void setup.run(name.trim());
  };
  return (
    <AuthLayout title={t("auth.setup.title")}>
      <p>{t("auth.setup.intro")}</p>
      <p className="warning-note" role="note">
        <Trans i18nKey="auth.setup.warning" components={{ strong: <strong />, em: <em /> }} />
        {alreadySignedIn ? t("auth.setup.alreadySignedIn") : ""}
      </p>
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>{t("auth.setup.deviceName")}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required autoFocus />
        </label>
        <ErrorNote error={setup.error} />
        <div className="row">
          <BusyButton
            type="submit"
            variant="primary"
            busy={setup.busy}
            busyLabel={t("auth.setup.busy")}
            disabled={name.trim() === ""}
          >
            {t("auth.setup.submit")}
          </BusyButton>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t("common.cancel")}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
