/**
 * What every signed-in screen uses: the session, the API client, the device calls, the live
 * socket and sign-out. Read it with `useServices()` inside the shell.
 */
import { createContext, useContext } from "react";
import type { ApiClient } from "../api/client";
import type { DevicesApi } from "../api/devices";
import type { Session } from "../session/session-store";
import type { SocketClient } from "../socket/socket-client";

export interface Services {
  session: Session;
  api: ApiClient;
  devices: DevicesApi;
  socket: SocketClient;
  /** Forgets the token in this browser and shows the sign-in page with `notice`. */
  signOut(notice?: string): void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const value = useContext(ServicesContext);
  if (!value) throw new Error("useServices outside the signed-in shell");
  return value;
}
