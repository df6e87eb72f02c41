/**
 * First run from the `#setup=<SETUP_TOKEN>` link printed by `npm start`: names this device and
 * creates the owner (POST /api/v1/setup). The token was already removed from the URL.
 */
import { useState, type FormEvent } from "react";
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
}

export function SetupScreen({ setupToken, devices, onSignedIn, onCancel }: SetupScreenProps) {
  const [name, setName] = useState(() => guessDeviceName(navigator.userAgent));
  const setup = useAction(async (deviceName: string) => onSignedIn(await devices.setup(setupToken, deviceName)), { toastErrors: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void setup.run(name.trim());
  };
  return (
    <AuthLayout title="Set up TavernEdge">
      <p>This link creates the owner account of this TavernEdge server and signs this browser in as its first device.</p>
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>Name this device</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required autoFocus />
        </label>
        <ErrorNote error={setup.error} />
        <div className="row">
          <BusyButton type="submit" variant="primary" busy={setup.busy} busyLabel="Creating…" disabled={name.trim() === ""}>Create owner account</BusyButton>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>Cancel</button>
        </div>
      </form>
    </AuthLayout>
  );
}
