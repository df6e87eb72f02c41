/**
 * The run's conversation (canonical IR messages, docs/spec/agent-runtime.md §7), one stored document per
 * message (`msg/000001`…, each ≤ 1 MiB rows), appended round by round: the prompt at start, then
 * each assistant message, its tool results, drift reminders and guidance.
 */
import { messageDocName } from "../../../domain/agent/loop/loop-state";
import type { ModelMessage } from "../../../domain/models/ir";
import type { StepContext } from "./context";

/**
 * Appends one message (state.messageCount is saved with the step's state). `alongside`: other
 * documents `[name, text]` the caller stores at the same moment, written with the message in as few
 * statements as the store can (the round's response or tool result; docs/decisions/3600).
 */
export function appendMessage(
  ctx: StepContext,
  message: ModelMessage,
  alongside: ReadonlyArray<readonly [name: string, text: string]> = [],
): number {
  const n = ctx.state.messageCount + 1;
  const text = JSON.stringify(message);
  ctx.putDocs([...alongside, [ctx.docName(messageDocName(n)), text]]);
  ctx.deps.memo?.rememberMessage(ctx.memoKey, n, text);
  ctx.state.messageCount = n;
  return n;
}

/**
 * Every stored message in order. With the step memo (./run-memo.ts) only messages not yet in
 * memory are read and parsed (after an eviction), so a round appends to the history it already has.
 * The messages are shared between rounds: do not mutate them.
 */
export function loadMessages(ctx: StepContext): ModelMessage[] {
  const read = (n: number) => ctx.requireDoc(ctx.docName(messageDocName(n)));
  const memo = ctx.deps.memo;
  if (memo) return memo.messages(ctx.memoKey, ctx.state.messageCount, read);
  const out: ModelMessage[] = [];
  for (let n = 1; n <= ctx.state.messageCount; n += 1) out.push(JSON.parse(read(n)) as ModelMessage);
  return out;
}

/** The built-in agent system prompt (profile `instructions.agentSystemPrompt` null). */
export function builtinSystemPrompt(messageBodyPath: string): string {
  return [
    "You are an Agent writing the next message of a chat. You work only through tools.",
    `Write your reply into the workspace file ${messageBodyPath} with workspace_write_file (read a file before replacing it), revise it as needed, then publish it to the chat with workspace_commit.`,
    "You can read the chat with chat_search and chat_read_messages, activated world info with worldinfo_read_activated, and keep notes under scratch/ or plan/. persist/ survives into later runs of this chat.",
    "When the message is committed and you are done, call workspace_finish as the last tool call of your turn. Text you write outside tools is not shown to the user.",
  ].join("\n");
}
