/**
 * The builtin tool specs (`GET /agent/tools`) for the allow-list checkboxes, read once per
 * mount. While they load (or when they cannot be read) the list is empty and the editor still
 * shows every entry already in `tools.allow`.
 */
import { useEffect, useState } from "react";
import { describeError } from "../api/client";
import type { AgentToolSpec } from "./types";
import { useProfilesApi } from "./use-profiles-api";

export function useAgentTools(): { tools: AgentToolSpec[]; error: { code: string; message: string } | null } {
  const profiles = useProfilesApi();
  const [tools, setTools] = useState<AgentToolSpec[]>([]);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  useEffect(() => {
    let live = true;
    profiles.tools().then(
      (answer) => {
        if (live) setTools(answer.tools);
      },
      (cause: unknown) => {
        if (live) setError(describeError(cause));
      },
    );
    return () => {
      live = false;
    };
  }, [profiles]);
  return { tools, error };
}
