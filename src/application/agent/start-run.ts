/**
 * start-run (docs/spec/agent-runtime.md §3 step 1, docs/spec/profiles.md, docs/spec/agent-runtime.md §9 `startRunWithPromptSnapshot`; issue [agent-loop]):
 * validates the input, resolves the profile through [agent-profiles]' `resolveForRun` (default
 * `default-writer`; model binding: the request's `connectionId`, else a `connectionRef` profile's
 * connection and `modelId`, else the user's default connection), freezes the chat's input prefix
 * and the commit target, creates the run (`run_created`), journals `profile_resolved`,
 * `skill_scopes_resolved`, `generation_intent_recorded`, freezes the prompt snapshot and the
 * strict v3 profile document (`input/resolved_profile.json`: every later step reads only this
 * copy) and schedules the first step. Returns the handle at once. Nothing is created when any
 * check fails.
 *
 * Errors: the prompt snapshot codes (src/domain/agent/loop/prompt-snapshot.ts),
 * `agent.profile_not_found` (404), a stored profile's validation code,
 * `agent.profile_not_direct_runnable` (400), `agent.profile_model_requires_configuration` (400),
 * `chat.not_found` (404), `agent.invalid_intent` (swipe/continue without a message to target),
 * `model.connection_not_found` (404), `agent.stable_chat_id_required`, `agent.invalid_stable_chat_id`.
 */
import { AppError } from "../../domain/errors";
import { initialLoopState, type CommitTarget } from "../../domain/agent/loop/loop-state";
import { validatePromptSnapshot, type PromptSnapshot } from "../../domain/agent/loop/prompt-snapshot";
import { normalizeStableChatId, ROOT_INVOCATION_ID, workspaceIdFor } from "../../domain/agent/run-ids";
import { selectPersistBase } from "../workspace/persist-restore";
import {
  toRunHandle,
  type AgentRunHandle,
  type Presentation,
  type SkillScopeRefs,
} from "../../domain/agent/run-record";
import { effectiveSkills } from "../../domain/skills/resolve";
import { runScopeKeys } from "../../domain/skills/scope";
import type { FrozenPrefix } from "../../domain/chats/prefix";
import { PROMPT_SNAPSHOT_DOC, RESOLVED_PROFILE_DOC } from "./loop/context";
import { stepRef } from "../../domain/agent/loop/step-ref";
import { STEP_JOB, WATCHDOG_JOB, WATCHDOG_REF, type LoopChats, type LoopDeps } from "./loop/deps";
import { WATCHDOG_PERIOD_MS } from "./watchdog";
import { runSkillScopes } from "./loop/tools/skill";

/** Generation types an Agent run accepts (docs/spec/agent-runtime.md §9). */
export type AgentGenerationType = "normal" | "regenerate" | "swipe" | "continue";

export interface StartRunInput {
  stableChatId: string;
  generationType?: AgentGenerationType;
  profileId?: string;
  connectionId?: string;
  promptSnapshot: PromptSnapshot;
  presentation?: Presentation;
  /** Skill scopes of the run: the skill set (`preset.name`) and the character (docs/spec/skills.md). */
  skillScopeRefs?: SkillScopeRefs;
}

/** The frozen input and what the run's commits write to. */
export interface RunInput {
  prefix: FrozenPrefix;
  target: CommitTarget;
}

/**
 * Freezes the input prefix and picks the commit target (docs/spec/workspace.md §3, docs/spec/tool-system.md §2 chat.search scope):
 * normal → all messages, new message; regenerate → without the last non-user floor, replace it
 * (a chat ending with a user message regenerates as a new message, like SillyTavern);
 * swipe → without the last assistant message, a new swipe on it; continue → all messages,
 * replace the last one.
 */
export function freezeRunInput(chats: LoopChats, chatId: string, generationType: AgentGenerationType): RunInput {
  const chat = chats.getChat(chatId);
  const count = chat.messageCount;
  const last = count > 0 ? chats.messageAt(chatId, count - 1) : null;
  if (generationType === "normal" || (generationType === "regenerate" && (!last || last.role === "user"))) {
    return { prefix: chats.freezePrefix(chatId, count), target: { kind: "append" } };
  }
  if (!last)
    throw new AppError(
      "agent.invalid_intent",
      `A ${generationType} run needs a message to work on, and this chat is empty.`,
    );
  if (generationType === "continue")
    return {
      prefix: chats.freezePrefix(chatId, count),
      target: { kind: "replace", messageId: last.messageId, revision: last.revision },
    };
  if (generationType === "swipe" && last.role !== "assistant")
    throw new AppError("agent.invalid_intent", "A swipe run needs the chat to end with an assistant message.");
  return {
    prefix: chats.freezePrefix(chatId, count - 1),
    target: {
      kind: generationType === "swipe" ? "swipe" : "replace",
      messageId: last.messageId,
      revision: last.revision,
    },
  };
}

/** The newest durable `extra.tauritavern.agent.persistStateId` in the frozen prefix (docs/spec/workspace.md §3), or null. */
export function findPersistBase(chats: LoopChats, chatId: string, prefixLength: number): string | null {
  const page = 200;
  for (let end = prefixLength; end > 0; end -= page) {
    const offset = Math.max(0, end - page);
    const { messages } = chats.readMessages(chatId, { offset, limit: end - offset });
    for (let i = messages.length - 1; i >= 0; i -= 1) {
      const agent = (messages[i]!.extra?.tauritavern as { agent?: { persistStateId?: unknown } } | undefined)?.agent;
      if (typeof agent?.persistStateId === "string" && agent.persistStateId.length > 0) return agent.persistStateId;
    }
  }
  return null;
}

/**
 * The run's skill scope refs (docs/spec/skills.md "Resolution"): the request's, with `characterId`
 * filled from the chat's linked library character when the request names none, so the character's
 * skills apply to every run on its chats. Undefined when there is nothing to record.
 */
export function scopeRefsFor(
  chats: LoopChats,
  chatId: string,
  requested: SkillScopeRefs | undefined,
): SkillScopeRefs | undefined {
  if (requested?.characterId) return requested;
  const characterId = chats.getChat(chatId).characterId;
  if (!characterId) return requested;
  return { ...requested, characterId };
}

export async function startRun(deps: LoopDeps, input: StartRunInput): Promise<AgentRunHandle> {
  const stableChatId = normalizeStableChatId(input.stableChatId);
  validatePromptSnapshot(input.promptSnapshot);
  const { definition, profile, model } = await deps.profiles.resolveForRun(input.profileId, input.connectionId);
  const connectionId = model.connectionId ?? null;
  const modelId = model.modelId ?? null;
  await deps.gatewayFor(connectionId, modelId);
  const generationType = input.generationType ?? "normal";
  const { prefix, target } = freezeRunInput(deps.chats, stableChatId, generationType);
  // A checkpoint restored for the next run (docs/spec/workspace.md §3.2.1) wins when it is newer.
  const persistBaseStateId = selectPersistBase(
    deps.workspace,
    await workspaceIdFor("character", stableChatId),
    findPersistBase(deps.chats, stableChatId, prefix.length),
  );
  const presentation = input.presentation ?? profile.presentation;
  const skillScopeRefs = scopeRefsFor(deps.chats, stableChatId, input.skillScopeRefs);
  const run = await deps.runs.create({
    stableChatId,
    generationType,
    profileId: profile.id,
    presentation,
    inputMessageCount: prefix.length,
    persistBaseStateId,
    ...(skillScopeRefs ? { skillScopeRefs } : {}),
  });
  const runId = run.runId;
  const skillScopes = runSkillScopes(run, definition);
  deps.store.transaction(() => {
    deps.store.putDoc(runId, PROMPT_SNAPSHOT_DOC, JSON.stringify(input.promptSnapshot));
    deps.store.putDoc(runId, RESOLVED_PROFILE_DOC, JSON.stringify(definition));
    const state = initialLoopState({
      runId,
      frozenPrefix: prefix,
      target,
      connectionId,
      modelId,
      modelSource: model.source,
      persistBaseStateId,
      sessionId: runId,
    });
    deps.store.writeState(runId, JSON.stringify(state), 0, deps.clock.now());
  });
  deps.journal.append(runId, { type: "profile_resolved", payload: { profileId: profile.id, source: profile.source } });
  deps.journal.append(runId, {
    type: "skill_scopes_resolved",
    payload: {
      invocationId: ROOT_INVOCATION_ID,
      profileId: profile.id,
      scopes: runScopeKeys(skillScopes),
      refs: run.skillScopeRefs ?? {},
      effectiveSkills: effectiveSkills(
        deps.skills.repo.listIn(runScopeKeys(skillScopes)),
        skillScopes,
        definition.skills,
      ).map((skill) => ({ name: skill.name, scope: skill.scope, installedHash: skill.installedHash })),
    },
  });
  deps.journal.append(runId, {
    type: "generation_intent_recorded",
    payload: {
      kind: "agent_generate",
      generationType,
      stableChatId,
      chatRef: run.chatRef,
      profileId: profile.id,
      presentation,
      inputMessageCount: prefix.length,
      target: target.kind,
      ...(target.messageId ? { targetMessageId: target.messageId } : {}),
    },
  });
  deps.scheduler.schedule(STEP_JOB, stepRef(runId, ROOT_INVOCATION_ID), deps.clock.now());
  deps.scheduler.scheduleBy(WATCHDOG_JOB, WATCHDOG_REF, deps.clock.now() + WATCHDOG_PERIOD_MS);
  return toRunHandle(run);
}
