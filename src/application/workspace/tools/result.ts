/** The success value every workspace tool function returns (failures are thrown ToolErrors). */
import type { WorkspaceEffect } from "../../../domain/workspace/tool-error";

export interface ToolSuccess<T> {
  content: string;
  structured: T;
  resourceRefs: string[];
  effect?: WorkspaceEffect;
}
