/** The profile routes bound to the signed-in shell's API client (see profiles-api.ts). */
import { useMemo } from "react";
import { useServices } from "../state/services";
import { profilesApi } from "./profiles-api";

export function useProfilesApi() {
  const { api } = useServices();
  return useMemo(() => profilesApi(api), [api]);
}
