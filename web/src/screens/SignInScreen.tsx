/**
 * Sign-in by pasting a device token (`tte_…`). The token is checked against GET /api/v1/devices
 * before it is kept; `notice` explains why the user is here (e.g. the device was revoked).
 */
import { useState, type FormEvent } from "react";
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
  const [token, setToken] = useState("");
  const signIn = useAction(
    async (deviceToken: string) => {
      const userId = userIdOfToken(deviceToken);
      if (!userId)
        throw new ApiError(
          0,
          "auth.token_invalid",
          "That is not a device token. It starts with tte_ and was shown when the device was created.",
        );
      const current = (await devices.listWithToken(deviceToken)).find((device) => device.current);
      if (!current) throw new ApiError(0, "auth.token_invalid", "The server did not recognise this device.");
      onSignedIn({ userId, deviceId: current.id, deviceToken });
    },
    { toastErrors: false },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn.run(token.trim());
  };
  return (
    <AuthLayout title="Sign in">
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>Device token</span>
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
          busyLabel="Signing in…"
          disabled={token.trim() === ""}
        >
          Sign in
        </BusyButton>
      </form>
      <div className="help">
        <p>
          No token? On a device that is signed in, open <strong>Devices</strong> and create a pairing link or QR code,
          then open it here.
        </p>
        <p>
          First run: open the setup link that <code>npm start</code> printed. Lost every device? The operator can issue
          a new token with <code>POST /api/v1/setup/recover</code>.
        </p>
      </div>
    </AuthLayout>
  );
}
