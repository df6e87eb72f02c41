/** Every /api/v1 sub-app, mounted in order by createApp. Add one entry per feature. */
import type { Hono } from "hono";
import type { HttpEnv } from "../context";
import { chatRoutes } from "./chats";
import { deviceRoutes } from "./devices";
import { mcpServerRoutes } from "./mcp-servers";
import { mcpCatalogRoutes } from "./mcp-catalog";
import { mcpTestCallRoutes } from "./mcp-test-calls";
import { setupRoutes } from "./setup";
import { wsRoutes } from "./ws";
import { agentRunRoutes } from "./agent-runs";
import { connectionRoutes } from "./connections";
import { modelToolRoutes } from "./model-tools";
import { workspaceRoutes } from "./workspace";
import { agentLoopRoutes } from "./agent-loop";
import { agentProfileRoutes } from "./agent-profiles";
import { skillRoutes } from "./skills";
import { retentionRoutes } from "./retention";
import { dataRoutes } from "./data";
import { adminRoutes } from "./admin";
import { characterRoutes } from "./characters";
import { worldInfoRoutes } from "./worldinfo";
import { settingsRoutes } from "./settings";
import { approvalRoutes } from "./approvals";

export const API_ROUTES: ReadonlyArray<Hono<HttpEnv>> = [
  setupRoutes,
  deviceRoutes,
  wsRoutes,
  chatRoutes,
  mcpServerRoutes,
  mcpCatalogRoutes,
  mcpTestCallRoutes,
  agentRunRoutes,
  connectionRoutes,
  modelToolRoutes,
  workspaceRoutes,
  agentLoopRoutes,
  agentProfileRoutes,
  skillRoutes,
  retentionRoutes,
  dataRoutes,
  adminRoutes,
  characterRoutes,
  worldInfoRoutes,
  settingsRoutes,
  approvalRoutes,
];
