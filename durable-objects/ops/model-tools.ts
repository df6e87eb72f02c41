/** Model-tools view operation (DESIGN.md `GET /api/v1/mcp/model-tools[?profileId=]`; contracts.md §1.4, §5.2, §5.3). */
import { modelToolsView } from "../../src/application/tools/model-tools-view";
import { modelToolResolver, profileToolPolicies } from "../../src/composition/tools";
import { defineOps } from "./registry";

export const modelToolOps = defineOps({
  "mcp.modelTools": (space, input: { profileId?: string }) =>
    modelToolsView(modelToolResolver(space), profileToolPolicies(space), input.profileId),
});
