/** The timeline API bound to the shell's client (memoized per client). */
import { useMemo } from "react";
import { useServices } from "../../state/services";
import { type TimelineApi, timelineApi } from "./timeline-api";

export function useTimelineApi(): TimelineApi {
  const { api } = useServices();
  return useMemo(() => timelineApi(api), [api]);
}
