/** Worker entry: the Hono app, and the Durable Object classes re-exported for wrangler. */
import { createApp } from "./http/app";
import type { AppEnv } from "./env";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<AppEnv>;

export { UserSpace } from "../durable-objects/user-space";
export { UserDirectory } from "../durable-objects/user-directory";
