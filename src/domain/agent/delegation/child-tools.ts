/**
 * The tool surface of a return-mode child (docs/spec/agent-delegation.md §4): the target profile's
 * allow list without the tools a child may not use, then the runtime-only `task.return`; and the
 * codes a call to one of the dropped tools is refused with (a tool error the child reads, instead
 * of the gate's fatal `model.unknown_tool_call`).
 */
import type { ErrorCode } from "../../errors";
import type { ProfileToolPolicy } from "../../tools/snapshot-compiler";
import type { ProfileDelegation } from "../../profiles/definition";

export const TASK_RETURN_ID = "builtin:task.return";

const ALWAYS_DROPPED = new Set([
  "builtin:workspace.commit",
  "builtin:workspace.finish",
  "builtin:agent.handoff",
  "builtin:agent.await",
  TASK_RETURN_ID,
]);
const NESTED_ONLY = new Set(["builtin:agent.delegate", "builtin:agent.list"]);

/** The child's tool policy from the target profile's (see file docstring). */
export function childToolPolicy(policy: ProfileToolPolicy, delegation: ProfileDelegation): ProfileToolPolicy {
  const keep = (entry: string) =>
    !ALWAYS_DROPPED.has(entry) && (delegation.allowNestedDelegation || !NESTED_ONLY.has(entry));
  return { ...policy, allow: [...policy.allow.filter(keep), TASK_RETURN_ID] };
}

/** Refusal of a model alias a child called but may not use (null: not one of those). */
export function childDeniedAlias(alias: string): { code: ErrorCode; message: string } | null {
  switch (alias) {
    case "workspace_commit":
      return {
        code: "agent.child_commit_denied",
        message:
          "You are working on a delegated task and cannot commit to the chat; return your result with task_return.",
      };
    case "workspace_finish":
      return {
        code: "agent.child_finish_denied",
        message: "You are working on a delegated task and cannot finish the run; return your result with task_return.",
      };
    case "agent_delegate":
      return {
        code: "agent.delegation_policy_denied",
        message: "You are working on a delegated task and may not delegate further; do the work and call task_return.",
      };
    case "agent_handoff":
      return { code: "agent.child_handoff_denied", message: "A sub-agent cannot hand off the run; use task_return." };
    case "agent_await":
      return { code: "agent.child_await_denied", message: "A sub-agent cannot wait for other tasks." };
    default:
      return null;
  }
}

/** Refusal of `task_return` outside a return-mode child. */
export const TASK_RETURN_DENIED = {
  code: "agent.task_return_denied" as ErrorCode,
  message: "task_return is only for an agent working on a delegated task; finish with workspace_finish instead.",
};
