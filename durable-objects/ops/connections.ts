/**
 * Model connection operations (issue [model-gateway]): CRUD, default, test, and a
 * development-only single gateway step (`connections.devStep`, refused when deployed) that the
 * e2e suite uses to drive one streamed step through `wrangler dev`.
 */
import { AppError } from "../../src/domain/errors";
import type { ModelDelta, ModelRequest } from "../../src/domain/models/ir";
import { modelGatewayFor, modelServices } from "../../src/composition/models";
import { defineOps } from "./registry";

export const connectionOps = defineOps({
  "connections.list": async (space, _input) => ({
    connections: await modelServices(space).list(),
  }),
  "connections.get": (space, input) => modelServices(space).get(input.connectionId),
  "connections.create": (space, input) => modelServices(space).create(input),
  "connections.update": (space, input) => modelServices(space).update(input.connectionId, input.patch),
  "connections.delete": (space, input) => modelServices(space).delete(input.connectionId),
  "connections.test": (space, input) => modelServices(space).test(input.connectionId),
  "connections.devStep": async (space, input: { connectionId: string; request: ModelRequest; stream?: boolean }) => {
    if (!space.development) throw new AppError("http.route_not_found", "This route exists only in development.");
    const gateway = await modelGatewayFor(space, input.connectionId);
    const deltas: ModelDelta[] = [];
    const stream = input.stream ?? true;
    const response = await gateway.step(input.request, {
      stream,
      ...(stream ? { onDelta: (delta: ModelDelta) => deltas.push(delta) } : {}),
    });
    return { response, deltas };
  },
});
