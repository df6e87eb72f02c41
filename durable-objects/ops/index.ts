/** Every operation of UserSpace, merged from the feature files. Add one spread per feature. */
import { deviceOps } from "./devices";
import { chatOps } from "./chats";
import { mcpRegistryOps } from "./mcp-registry";
import { mcpCatalogOps } from "./mcp-catalog";
import { mcpTestCallOps } from "./mcp-test-calls";
import { agentRunOps } from "./agent-runs";
import { connectionOps } from "./connections";
import { modelToolOps } from "./model-tools";
import { workspaceOps } from "./workspace";
import { agentLoopOps } from "./agent-loop";
import { agentProfileOps } from "./agent-profiles";
import { chatGenerationOps } from "./chat-generation";
import type { OpHandler } from "./registry";

export const OPS = {
  ...deviceOps,
  ...chatOps,
  ...mcpRegistryOps,
  ...mcpCatalogOps,
  ...mcpTestCallOps,
  ...agentRunOps,
  ...connectionOps,
  ...modelToolOps,
  ...workspaceOps,
  ...agentLoopOps,
  ...agentProfileOps,
  ...chatGenerationOps,
} satisfies Record<string, OpHandler>;

/** Operation names. */
export type OpName = keyof typeof OPS;
/** The input type of an operation. */
export type OpInput<K extends OpName> = Parameters<(typeof OPS)[K]>[1];
/** The output type of an operation. */
export type OpOutput<K extends OpName> = Awaited<ReturnType<(typeof OPS)[K]>>;
