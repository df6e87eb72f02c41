/**
 * Agent profiles a user can start directly (GET /api/v1/agent/profiles, `directRunnable`), with
 * the built-in `default-writer` first. When the list cannot be read, only default-writer is
 * offered (the run start then reports any real problem).
 */
import { useEffect, useState } from "react";
import type { ProfileSummary } from "./types";
import { useRunsApi } from "./use-runs-api";

export const DEFAULT_PROFILE: ProfileSummary = { id: "default-writer", displayName: "Default writer", directRunnable: true, readOnly: true };

export function useRunnableProfiles(): ProfileSummary[] {
  const runs = useRunsApi();
  const [profiles, setProfiles] = useState<ProfileSummary[]>([DEFAULT_PROFILE]);
  useEffect(() => {
    let live = true;
    runs.profiles().then(
      ({ profiles: all }) => {
        const runnable = all.filter((p) => p.directRunnable);
        if (live && runnable.length > 0) setProfiles(runnable.some((p) => p.id === DEFAULT_PROFILE.id) ? runnable : [DEFAULT_PROFILE, ...runnable]);
      },
      () => { /* keep default-writer */ },
    );
    return () => { live = false; };
  }, [runs]);
  return profiles;
}
