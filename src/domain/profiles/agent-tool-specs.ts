/**
 * `tools.list()` → `{tools: AgentToolSpec[]}` (docs/spec/agent-runtime.md §9; `GET /api/v1/agent/tools`):
 * the read-only canonical specs of the builtin tools, in registry order. Hosted extension:
 * `toolId` (`builtin:<name>`), the key profiles use in `tools.allow`.
 */
import { BUILTIN_TOOLS } from "../tools/builtin-descriptors";
import type { JsonObject } from "../tools/descriptor";

export interface AgentToolSpec {
  name: string;
  toolId: string;
  modelName: string;
  title: string;
  description: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  source: "builtin";
}

/** Deep copies of the 14 builtin specs. */
export function builtinAgentToolSpecs(): AgentToolSpec[] {
  return BUILTIN_TOOLS.map((tool) => {
    const d = structuredClone(tool.descriptor);
    return {
      name: tool.name,
      toolId: d.id,
      modelName: tool.modelAlias,
      title: d.title ?? tool.name,
      description: d.description ?? "",
      inputSchema: d.inputSchema,
      ...(d.outputSchema ? { outputSchema: d.outputSchema } : {}),
      ...(Object.keys(d.annotations).length > 0 ? { annotations: d.annotations } : {}),
      source: "builtin" as const,
    };
  });
}
