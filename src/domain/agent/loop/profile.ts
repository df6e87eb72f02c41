/**
 * The loop's in-memory view of a run's profile (docs/spec/profiles.md): only the fields the loop
 * consumes. A run freezes the strict v3 document itself (`input/resolved_profile.json`); each step
 * rebuilds this view from it with `readFrozenProfile` (src/domain/profiles/resolved.ts). This
 * summary is never stored.
 */
import type { ProfileToolPolicy } from "../../tools/snapshot-compiler";
import type { ProfileDelegation } from "../../profiles/definition";
import type { Presentation } from "../run-record";

export interface ResolvedAgentProfile {
  id: string;
  displayName: string;
  /** `builtin` for default-writer, `user` for stored profiles. */
  source: "builtin" | "user";
  presentation: Presentation;
  /** docs/spec/agent-runtime.md §7 run.modelRetry: retries of retryable model errors, fixed interval (ms). */
  modelRetry: { maxRetries: number; intervalMs: number };
  /** docs/spec/profiles.md model binding; `connectionRef` is a connection id of this user. */
  model: {
    mode: "currentPromptSnapshot" | "connectionRef" | "requiresConfiguration";
    connectionRef?: string;
    modelId?: string;
  };
  /** Tool policy plus loop limits (docs/spec/agent-runtime.md §4): maxRounds > 0, mcpResultInlineCharLimit > 0 (default 50,000). */
  tools: ProfileToolPolicy & { maxRounds: number; mcpResultInlineCharLimit: number };
  workspace: { visibleRoots: string[]; writableRoots: string[] };
  /** The messageBody artifact path (default `output/main.md`). */
  messageBodyPath: string;
  /** null = the built-in agent system prompt. */
  agentSystemPrompt: string | null;
  /** Delegation flags and limits (docs/spec/agent-delegation.md §2). */
  delegation: ProfileDelegation;
  description?: string;
}
