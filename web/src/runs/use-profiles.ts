/**
 * Agent profiles a user can start directly (GET /api/v1/agent/profiles, `directRunnable`), with
 * the built-in `default-writer` first. When the list cannot be read, only default-writer is
 * offered (the run start then reports any real problem). Re-reads on `agent.profile_changed`, so a
 * profile saved on another device is offered at once. `useProfileNames` names any profile by id.
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { profileName } from "../profiles/profile-name";
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

/** Every profile of the user (null until read or when unreadable), re-read on `agent.profile_changed`. */
function useAllProfiles(): ProfileSummary[] | null {
  const runs = useRunsApi();
  const { socket } = useServices();
  const [profiles, setProfiles] = useState<ProfileSummary[] | null>(null);
  const [version, setVersion] = useState(0);
  useFrame(socket, "agent.profile_changed", () => setVersion((v) => v + 1));
  useEffect(() => {
    let live = true;
    runs.profiles().then(
      ({ profiles: all }) => live && setProfiles(all),
      () => {
        /* keep what was read */
      },
    );
    return () => {
      live = false;
    };
  }, [runs, version]);
  return profiles;
}

export function useRunnableProfiles(): ProfileSummary[] {
  const all = useAllProfiles();
  return useMemo(() => {
    const runnable = (all ?? []).filter((p) => p.directRunnable);
    if (runnable.length === 0) return [DEFAULT_PROFILE];
    return runnable.some((p) => p.id === DEFAULT_PROFILE.id) ? runnable : [DEFAULT_PROFILE, ...runnable];
  }, [all]);
}

/**
 * Names profiles for the runs screens (docs/spec/i18n.md): `(id) => name` in the current language
 * (default-writer from the catalogue, others as their author named them; the id only for a profile
 * that no longer exists). Covers every profile, runnable directly or not.
 */
export function useProfileNames(): (profileId: string) => string {
  const { t } = useTranslation();
  const all = useAllProfiles();
  return useMemo(() => {
    const names = new Map((all ?? []).map((p) => [p.id, p.displayName] as const));
    return (id: string) => profileName(t, id, names.get(id));
  }, [all, t]);
}
