/**
 * Sign out of this device: asks for confirmation inline, revokes this device's token on the
 * server (so a copied token stops working too) and forgets it here. When the server cannot be
 * reached it still signs out locally and says the token stays valid until revoked elsewhere.
 */
import { useState } from "react";
import { ApiError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";

export function SignOutButton() {
  const { session, devices, socket, signOut } = useServices();
  const [confirming, setConfirming] = useState(false);
  const action = useAction(async () => {
    socket.stop();
    try {
      await devices.revoke(session.deviceId);
      signOut("You signed out. This device's token was revoked.");
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        signOut(
          "Signed out here, but the server could not be reached: revoke this device from another device to be sure its token stops working.",
        );
      } else {
        signOut("You signed out.");
      }
    }
  });
  if (!confirming) {
    return (
      <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)}>
        Sign out
      </button>
    );
  }
  return (
    <div className="signout-confirm" role="group" aria-label="Confirm sign out">
      <span>Sign out and revoke this device?</span>
      <BusyButton
        variant="danger"
        busy={action.busy}
        busyLabel="Signing out…"
        onClick={() => void action.run()}
        autoFocus
      >
        Sign out
      </BusyButton>
      <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </div>
  );
}
