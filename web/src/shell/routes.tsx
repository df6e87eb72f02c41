/**
 * The screens of the signed-in shell, in navigation order. A later issue plugs its screen in by
 * replacing its entry's `component` (and setting `ready: true`); a route matches its `path` and
 * every path below it (`/chats/abc` → "/chats"), so a screen reads sub-paths with `usePath()`.
 */
import type { ComponentType } from "react";
import { CharactersScreen } from "../characters/CharactersScreen";
import { ChatsScreen } from "../chats/ChatsScreen";
import { ConnectionsScreen } from "../connections/ConnectionsScreen";
import { DevicesScreen } from "../devices/DevicesScreen";
import { McpScreen } from "../mcp/McpScreen";
import { ProfilesScreen } from "../profiles/ProfilesScreen";
import { RunsScreen } from "../runs/RunsScreen";
import { SettingsScreen } from "../settings/SettingsScreen";
import { SkillsScreen } from "../skills/SkillsScreen";
import { WorldInfoScreen } from "../worldinfo/WorldInfoScreen";

export interface AppRoute {
  path: string;
  /** Navigation label's catalogue key (`shell.routes.*`). */
  labelKey: string;
  component: ComponentType;
  /** false → the nav marks it "soon". */
  ready: boolean;
}

export const ROUTES: readonly AppRoute[] = [
  { path: "/mcp", labelKey: "shell.routes.mcp", ready: true, component: McpScreen },
  { path: "/chats", labelKey: "shell.routes.chats", ready: true, component: ChatsScreen },
  { path: "/characters", labelKey: "shell.routes.characters", ready: true, component: CharactersScreen },
  { path: "/worldinfo", labelKey: "shell.routes.worldinfo", ready: true, component: WorldInfoScreen },
  { path: "/connections", labelKey: "shell.routes.connections", ready: true, component: ConnectionsScreen },
  { path: "/profiles", labelKey: "shell.routes.profiles", ready: true, component: ProfilesScreen },
  { path: "/skills", labelKey: "shell.routes.skills", ready: true, component: SkillsScreen },
  { path: "/runs", labelKey: "shell.routes.runs", ready: true, component: RunsScreen },
  { path: "/devices", labelKey: "shell.routes.devices", ready: true, component: DevicesScreen },
  { path: "/settings", labelKey: "shell.routes.settings", ready: true, component: SettingsScreen },
];

/** Where `/` and unknown paths go. */
export const DEFAULT_PATH = "/devices";

/** The route for a pathname, or undefined. */
export function matchRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => pathname === route.path || pathname.startsWith(`${route.path}/`));
}
