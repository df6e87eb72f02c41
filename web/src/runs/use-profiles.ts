/**
 * Agent profiles a user can start directly (GET /api/v1/agent/profiles, `directRunnable`), with
 * the built-in `default-writer` first. When the list cannot be read, only default-writer is
 * offered (the run start then reports any real problem). Re-reads on `agent.profile_changed`, so a
 * profile saved on another device is offered at once.
 */
import { useEffect, useState } from "react";
import { useServices } from "../state/services";
import { useFrame } from "../state/use-socket";
import type { ProfileSummary } from "./types";
import { useRunsApi } from "./use-runs-api";

export const DEFAULT_PROFILE: ProfileSummary = {
  id: "default-writer",
  displayName: "Default writer",
  directRunnable: true,
  readOnly: true,
};

export function useRunnableProfiles(): ProfileSummary[] {
  const runs = useRunsApi();
  const { socket } = useServices();
  const [profiles, setProfiles] = useState<ProfileSummary[]>([DEFAULT_PROFILE]);
  const [version, setVersion] = useState(0);
  useFrame(socket, "agent.profile_changed", () => setVersion((v) => v + 1));
  useEffect(() => {
    let live = true;
    runs.profiles().then(
      ({ profiles: all }) => {
        const runnable = all.filter((p) => p.directRunnable);
        if (live && runnable.length > 0)
          setProfiles(runnable.some((p) => p.id === DEFAULT_PROFILE.id) ? runnable : [DEFAULT_PROFILE, ...runnable]);
      },
      () => {
        /* keep default-writer */
      },
    );
    return () => {
      live = false;
    };
  }, [runs, version]);
  return profiles;
}
