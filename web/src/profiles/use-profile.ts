/**
 * One profile and its health (`GET /agent/profiles/:id` + `/diagnose`), kept live:
 * `agent.profile_changed` for this id re-reads both (a deletion elsewhere shows as `removed`);
 * `model.connection_changed` / `model.connection_removed` re-run the diagnosis (a deleted
 * connection shows as `agent.profile_model_connection_missing` at once); a reconnect re-reads.
 * A stored profile that fails validation loads as `error` (its docs/spec/profiles.md code) with its health
 * (`agent.profile_contract_invalid`) still shown.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError } from "../api/client";
import { useServices } from "../state/services";
import { useFrame, useReconnected } from "../state/use-socket";
import type { ProfileDocument, ProfileHealth } from "./types";
import { useProfilesApi } from "./use-profiles-api";

export interface ProfileView {
  profile: ProfileDocument | null;
  health: ProfileHealth | null;
  loading: boolean;
  error: { code: string; message: string } | null;
  /** The profile existed and is gone (deleted here or on another device). */
  removed: boolean;
  /** Bumped each time a newer version of the document arrives from the server. */
  version: number;
  reload(): Promise<void>;
  rediagnose(): Promise<void>;
}

export function useProfile(profileId: string): ProfileView {
  const { socket } = useServices();
  const profiles = useProfilesApi();
  const [profile, setProfile] = useState<ProfileDocument | null>(null);
  const [health, setHealth] = useState<ProfileHealth | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [removed, setRemoved] = useState(false);
  const [version, setVersion] = useState(0);
  const hadProfile = useRef(false);

  const rediagnose = useCallback(async () => {
    try {
      setHealth(await profiles.diagnose(profileId));
    } catch {
      setHealth(null);
    }
  }, [profiles, profileId]);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const { profile: loaded } = await profiles.load(profileId);
      setError(null);
      setRemoved(!loaded && hadProfile.current);
      hadProfile.current = loaded !== null;
      setProfile(loaded);
      setVersion((v) => v + 1);
      if (loaded) await rediagnose();
      else setHealth(null);
    } catch (cause) {
      setError(describeError(cause));
      setProfile(null);
      await rediagnose();
    } finally {
      setLoading(false);
    }
  }, [profiles, profileId, rediagnose]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "agent.profile_changed", (frame) => {
    if (frame.profileId === profileId) void reload();
  });
  useFrame(socket, "model.connection_changed", () => void rediagnose());
  useFrame(socket, "model.connection_removed", () => void rediagnose());
  return { profile, health, loading, error, removed, version, reload, rediagnose };
}
