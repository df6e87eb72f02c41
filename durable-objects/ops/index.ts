/** Every operation of UserSpace, merged from the feature files. Add one spread per feature. */
import { deviceOps } from "./devices";
import { agentRunOps } from "./agent-runs";
import { chatOps } from "./chats";
import { connectionOps } from "./connections";
import { mcpRegistryOps } from "./mcp-registry";
import { mcpCatalogOps } from "./mcp-catalog";
import { mcpTestCallOps } from "./mcp-test-calls";
import { modelToolOps } from "./model-tools";
import { workspaceOps } from "./workspace";
import { agentLoopOps } from "./agent-loop";
import { agentProfileOps } from "./agent-profiles";
import type { OpHandler } from "./registry";

export const OPS = {
  ...deviceOps,
  ...agentRunOps,
  ...chatOps,
  ...connectionOps,
  ...mcpRegistryOps,
  ...mcpCatalogOps,
  ...mcpTestCallOps,
  ...modelToolOps,
  ...workspaceOps,
  ...agentLoopOps,
  ...agentProfileOps,
} satisfies Record<string, OpHandler>;

/** Operation names. */
export type OpName = keyof typeof OPS;
/** The input type of an operation. */
export type OpInput<K extends OpName> = Parameters<(typeof OPS)[K]>[1];
/** The output type of an operation. */
export type OpOutput<K extends OpName> = Awaited<ReturnType<(typeof OPS)[K]>>;
