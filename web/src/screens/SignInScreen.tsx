/**
 * Sign-in by pasting a device token (`tte_…`). The token is checked against GET /api/v1/devices
 * before it is kept; `notice` explains why the user is here (e.g. the device was revoked).
 */
import { useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ApiError } from "../api/client";
import type { DevicesApi } from "../api/devices";
import { AuthLayout } from "../components/AuthLayout";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { userIdOfToken, type Session } from "../session/session-store";
import { useAction } from "../state/use-action";

export interface SignInScreenProps {
  notice: string | null;
  devices: DevicesApi;
  onSignedIn(session: Session): void;
}

export function SignInScreen({ notice, devices, onSignedIn }: SignInScreenProps) {
  const { t } = useTranslation();
  const [token, setToken] = useState("");
  const signIn = useAction(
    async (deviceToken: string) => {
      const userId = userIdOfToken(deviceToken);
      if (!userId) throw new ApiError(0, "auth.token_invalid", t("auth.signIn.notAToken"));
      const current = (await devices.listWithToken(deviceToken)).find((device) => device.current);
      if (!current) throw new ApiError(0, "auth.token_invalid", t("auth.signIn.unknownDevice"));
      onSignedIn({ userId, deviceId: current.id, deviceToken });
    },
    { toastErrors: false },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn.run(token.trim());
  };
  return (
    <AuthLayout title={t("auth.signIn.title")}>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>{t("auth.signIn.token")}</span>
          <input
            type="password"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            placeholder="tte_…"
            required
          />
        </label>
        <ErrorNote error={signIn.error} />
        <BusyButton
          type="submit"
          variant="primary"
          busy={signIn.busy}
          busyLabel={t("auth.signIn.busy")}
          disabled={token.trim() === ""}
        >
          {t("auth.signIn.submit")}
        </BusyButton>
      </form>
      <div className="help">
        <p>
          <Trans i18nKey="auth.signIn.helpPair" components={{ strong: <strong /> }} />
        </p>
        <p>
          <Trans i18nKey="auth.signIn.helpSetup" components={{ code: <code /> }} />
        </p>
      </div>
    </AuthLayout>
  );
}
