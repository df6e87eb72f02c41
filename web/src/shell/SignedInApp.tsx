/** Creates the live socket for a session, provides the Services context and renders the shell. */
import { useEffect, useMemo } from "react";
import type { ApiClient } from "../api/client";
import type { DevicesApi } from "../api/devices";
import type { Session } from "../session/session-store";
import { SocketClient } from "../socket/socket-client";
import { ServicesContext, type Services } from "../state/services";
import { Shell } from "./Shell";

export interface SignedInAppProps {
  session: Session;
  api: ApiClient;
  devices: DevicesApi;
  signOut(notice?: string): void;
}

export function SignedInApp({ session, api, devices, signOut }: SignedInAppProps) {
  const socket = useMemo(
    () =>
      new SocketClient({
        getTicket: async () => (await devices.createTicket()).ticket,
        onSignedOut: (reason) => signOut(reason),
      }),
    [devices, signOut],
  );

  useEffect(() => {
    socket.start();
    const online = () => socket.retryNow();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      socket.stop();
    };
  }, [socket]);

  const services = useMemo<Services>(
    () => ({ session, api, devices, socket, signOut }),
    [session, api, devices, socket, signOut],
  );
  return (
    <ServicesContext.Provider value={services}>
      <Shell />
    </ServicesContext.Provider>
  );
}
