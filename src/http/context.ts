/** Hono environment of the Worker: bindings plus per-request variables set by the middleware. */
import type { AppEnv } from "../env";

export interface HttpVariables {
  requestId: string;
  /** Set by the auth middleware from the (shape-checked) device token. */
  userId: string;
  token: string;
}

export type HttpEnv = { Bindings: AppEnv; Variables: HttpVariables };
