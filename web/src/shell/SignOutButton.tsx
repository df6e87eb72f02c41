/**
 * Sign out of this device: asks for confirmation inline, revokes this device's token on the
 * server (so a copied token stops working too) and forgets it here. When the server cannot be
 * reached it still signs out locally and says the token stays valid until revoked elsewhere.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";

export function SignOutButton() {
  const { t } = useTranslation();
  const { session, devices, socket, signOut } = useServices();
  const [confirming, setConfirming] = useState(false);
  const action = useAction(async () => {
    socket.stop();
    try {
      await devices.revoke(session.deviceId);
      signOut(t("shell.signOut.revoked"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        signOut(t("shell.signOut.unreachable"));
      } else {
        signOut(t("shell.signOut.plain"));
      }
    }
  });
  if (!confirming) {
    return (
      <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)}>
        {t("shell.signOut.button")}
      </button>
    );
  }
  return (
    <div className="signout-confirm" role="group" aria-label={t("shell.signOut.confirmGroup")}>
      <span>{t("shell.signOut.question")}</span>
      <BusyButton
        variant="danger"
        busy={action.busy}
        busyLabel={t("shell.signOut.busy")}
        onClick={() => void action.run()}
        autoFocus
      >
        {t("shell.signOut.button")}
      </BusyButton>
      <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
        {t("common.cancel")}
      </button>
    </div>
  );
}
