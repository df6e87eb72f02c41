/**
 * Worker → UserSpace calls. The object is chosen with idFromName(userId) where userId comes from
 * the caller's token (set by requireDevice), never from a path or body.
 */
import type { Context } from "hono";
import { unwrap } from "../domain/errors";
import type { OpInput, OpName, OpOutput } from "../../durable-objects/ops/index";
import type { UserSpace } from "../../durable-objects/user-space";
import type { UserDirectory } from "../../durable-objects/user-directory";
import { DIRECTORY_OBJECT_NAME } from "../domain/directory";
import { clientKey } from "../domain/auth/client-key";
import type { HttpEnv } from "./context";

/** The caller's rate-limit key from `CF-Connecting-IP` (docs/spec/hardening.md "Credential rate limits"). */
export function requestClientKey(c: Context<HttpEnv>): string {
  return clientKey(c.req.header("cf-connecting-ip"));
}

/** The stub of a user's space. */
export function spaceStub(env: HttpEnv["Bindings"], userId: string): DurableObjectStub<UserSpace> {
  const namespace = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return namespace.get(namespace.idFromName(userId));
}

/** Runs an operation as the authenticated device; throws AppError on `{ok:false}`. */
export async function callSpace<K extends OpName>(c: Context<HttpEnv>, op: K, input: OpInput<K>): Promise<OpOutput<K>> {
  const stub = spaceStub(c.env, c.get("userId"));
  const result = await stub.call(c.get("token"), op, input, {
    requestId: c.get("requestId"),
    client: requestClientKey(c),
  });
  return unwrap(result as never) as OpOutput<K>;
}

/** The stub of the operator's user directory (ADR 2702). */
export function directoryStub(env: HttpEnv["Bindings"]): DurableObjectStub<UserDirectory> {
  const namespace = env.USER_DIRECTORY as unknown as DurableObjectNamespace<UserDirectory>;
  return namespace.get(namespace.idFromName(DIRECTORY_OBJECT_NAME));
}
