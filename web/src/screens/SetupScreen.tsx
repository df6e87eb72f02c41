/**
 * First run from the `#setup=<SETUP_TOKEN>` link printed by `npm start`: names this device and
 * creates an account (POST /api/v1/setup). The token was already removed from the URL.
 * Every use of the setup token creates another, separate account (the operator creates users with
 * it), so the screen says so and points people who already have an account to pairing instead.
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
  /** True when this browser already holds a device token (creating an account would replace it). */
  alreadySignedIn?: boolean;
}

export function SetupScreen({ setupToken, devices, onSignedIn, onCancel, alreadySignedIn = false }: SetupScreenProps) {
  const [name, setName] = useState(() => guessDeviceName(navigator.userAgent));
  const setup = useAction(async (deviceName: string) => onSignedIn(await devices.setup(setupToken, deviceName)), {
    toastErrors: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void setup.run(name.trim());
  };
  return (
    <AuthLayout title="Set up TavernEdge">
      <p>
        This link creates the owner account of this TavernEdge server and signs this browser in as its first device.
      </p>
      <p className="warning-note" role="note">
        Each use of this link creates a <strong>new, separate account</strong>. If you already set up TavernEdge on
        another device, do not create another account: on that device open <em>Devices → Pair a device</em> and open its
        link here instead.
        {alreadySignedIn
          ? " This browser is already signed in; creating an account now would sign it out of the current one."
          : ""}
      </p>
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>Name this device</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required autoFocus />
        </label>
        <ErrorNote error={setup.error} />
        <div className="row">
          <BusyButton
            type="submit"
            variant="primary"
            busy={setup.busy}
            busyLabel="Creating…"
            disabled={name.trim() === ""}
          >
            Create owner account
          </BusyButton>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
