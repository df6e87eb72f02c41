/** The run API bound to the shell's client (memoized per client). */
import { useMemo } from "react";
import { useServices } from "../state/services";
import { runsApi, type RunsApi } from "./runs-api";

export function useRunsApi(): RunsApi {
  const { api } = useServices();
  return useMemo(() => runsApi(api), [api]);
}
