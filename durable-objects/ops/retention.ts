/**
 * Retention and usage operations (docs/spec/retention-usage.md): settings, plan preview, prune,
 * usage report.
 */
import type { RetentionSettings } from "../../src/domain/agent/retention";
import { retentionService, usageOf } from "../../src/composition/retention";
import { defineOps } from "./registry";

export const retentionOps = defineOps({
  "agent.retention.get": (space, _input: object) => retentionService(space).get(),
  "agent.retention.update": (space, input: Partial<RetentionSettings>) => retentionService(space).update(input),
  "agent.retention.plan": (space, _input: object) => retentionService(space).plan(),
  "agent.retention.prune": (space, _input: object) => retentionService(space).prune("manual"),
  "usage.get": (space, _input: object) => usageOf(space),
});
