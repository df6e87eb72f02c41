/**
 * The installed skills of every scope, kept live: `skill.changed` (install, replace, move, delete
 * on any device) and a socket reconnect re-read the list.
 */
import { useEffect, useMemo, useState } from "react";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame, useReconnected } from "../state/use-socket";
import { skillsApi } from "./skills-api";
import type { SkillEntry } from "./types";

export function useSkillsApi() {
  const { api } = useServices();
  return useMemo(() => skillsApi(api), [api]);
}

export function useSkills() {
  const { socket } = useServices();
  const skills = useSkillsApi();
  const [list, setList] = useState<SkillEntry[] | null>(null);
  const load = useAction(async () => setList((await skills.list()).skills), { toastErrors: false });
  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);
  useReconnected(socket, () => void reload());
  useFrame(socket, "skill.changed", () => void reload());
  return { list, error: load.error, reload };
}
