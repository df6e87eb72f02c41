/**
 * The profile list and its storage issues, kept live: any `agent.profile_changed {profileId}`
 * frame (save, import, delete, repair on any device) re-reads the list, and so does a socket
 * reconnect. The frame names only the id, so the list is read again rather than patched.
 */
import { useEffect, useState } from "react";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import type { ProfileList } from "./types";
import { useProfilesApi } from "./use-profiles-api";

export function useProfileList() {
  const { socket } = useServices();
  const profiles = useProfilesApi();
  const [list, setList] = useState<ProfileList | null>(null);
  const load = useAction(async () => setList(await profiles.list()), { toastErrors: false });
  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "agent.profile_changed", () => void reload());
  return { list, loading: load.busy, error: load.error, reload };
}
