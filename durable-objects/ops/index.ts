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
import type { ContractInput, ContractOutput, ContractedOp } from "../../src/contracts/operations";
import { skillOps } from "./skills";
import { retentionOps } from "./retention";
import { dataOps } from "./data";
import { characterOps } from "./characters";
import { settingsOps } from "./settings";
import { approvalOps } from "./approvals";
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
  ...skillOps,
  ...retentionOps,
  ...dataOps,
  ...characterOps,
  ...settingsOps,
  ...approvalOps,
} satisfies Record<string, OpHandler>;

/** Operation names. */
export type OpName = keyof typeof OPS;
/** The input type of an operation: the contract's (src/contracts/operations.ts) when it has one. */
export type OpInput<K extends OpName> = K extends ContractedOp ? ContractInput<K> : Parameters<(typeof OPS)[K]>[1];
/** The output type of an operation: the contract's response DTO when it has one. */
export type OpOutput<K extends OpName> = K extends ContractedOp
  ? ContractOutput<K>
  : Awaited<ReturnType<(typeof OPS)[K]>>;
