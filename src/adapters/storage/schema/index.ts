/**
 * The ordered list of schema steps. Version slots are reserved per feature so parallel work
 * never collides: 1 core · 2 mcp registry · 3 catalog snapshots · 4 chats · 5 model connections ·
 * 6 agent runs + journal · 7 workspace + checkpoints · 8 agent profiles · 9 agent loop · 10 run scheduler ·
 * 11 retention + usage · 12 skills · 13 per-client auth failures (hardening) · 15 chat generation ·
 * 16 characters + World Info · 17 chats link characters · 19 approvals · 20 tool reviews · 23 account export
 * + restore · 27 import hashes (duplicate imports).
 * Add a new step at the end with the next free number; never edit a landed step.
 */
import type { MigrationStep } from "../migration-step";
import { coreSchema } from "./001-core";
import { mcpRegistrySchema } from "./002-mcp-registry";
import { chatsSchema } from "./004-chats";
import { modelConnectionsSchema } from "./005-model-connections";
import { agentRunsSchema } from "./006-agent-runs";
import { workspaceSchema } from "./007-workspace";
import { agentProfilesSchema } from "./008-agent-profiles";
import { agentLoopSchema } from "./009-agent-loop";
import { runSchedulerSchema } from "./010-run-scheduler";
import { skillsSchema } from "./012-skills";
import { authFailureClientsSchema } from "./013-auth-failure-clients";
import { retentionUsageSchema } from "./011-retention-usage";
import { chatGenerationSchema } from "./015-chat-generation";
import { persistPointersSchema } from "./021-persist-pointers";
import { dataArchiveSchema } from "./023-data-archive";
import { restoreRemapSchema } from "./025-restore-remap";
import { charactersWorldInfoSchema } from "./016-characters-worldinfo";
import { chatCharactersSchema } from "./017-chat-characters";
import { personasSchema } from "./018-personas";
import { importHashesSchema } from "./027-import-hashes";
import { registrationStampsSchema } from "./028-registration-stamps";
import { approvalsSchema } from "./019-approvals";
import { toolReviewsSchema } from "./020-tool-reviews";
import { agentDelegationSchema } from "./024-agent-delegation";

export const MIGRATIONS: readonly MigrationStep[] = [
  coreSchema,
  mcpRegistrySchema,
  chatsSchema,
  modelConnectionsSchema,
  agentRunsSchema,
  workspaceSchema,
  agentProfilesSchema,
  agentLoopSchema,
  runSchedulerSchema,
  skillsSchema,
  authFailureClientsSchema,
  retentionUsageSchema,
  chatGenerationSchema,
  persistPointersSchema,
  approvalsSchema,
  toolReviewsSchema,
  dataArchiveSchema,
  charactersWorldInfoSchema,
  chatCharactersSchema,
  personasSchema,
  importHashesSchema,
  restoreRemapSchema,
  agentDelegationSchema,
  registrationStampsSchema,
];
