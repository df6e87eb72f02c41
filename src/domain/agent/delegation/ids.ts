/** Ids of delegation (docs/spec/agent-delegation.md §1). */

const hex = () => crypto.randomUUID().replaceAll("-", "");

/** `inv_<32 hex>` */
export const newInvocationId = () => `inv_${hex()}`;
/** `task_<32 hex>` */
export const newTaskId = () => `task_${hex()}`;
/** `handoff_<32 hex>` */
export const newHandoffId = () => `handoff_${hex()}`;

/** The target id, then `-002`, `-003`… for repeated use of the same target in one run. */
export function nextWorkspaceKey(targetProfileId: string, usedKeys: ReadonlyArray<string>): string {
  const used = new Set(usedKeys);
  if (!used.has(targetProfileId)) return targetProfileId;
  for (let n = 2; ; n += 1) {
    const key = `${targetProfileId}-${String(n).padStart(3, "0")}`;
    if (!used.has(key)) return key;
  }
}
