/** Model-tools view operation (docs/spec/tool-system.md §6; docs/spec/mcp-platform.md §4). */
import { modelToolsJson } from "../../src/application/tools/model-tools-view";
import { modelToolResolver, profileToolPolicies } from "../../src/composition/tools";
import { defineOps } from "./registry";

export const modelToolOps = defineOps({
  "mcp.modelTools": (space, input) =>
    modelToolsJson(modelToolResolver(space), profileToolPolicies(space), input.profileId),
});
