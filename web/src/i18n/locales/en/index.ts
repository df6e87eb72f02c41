/** One language's catalogue, one module per area of the client. */
export { default as common } from "./common";
export { default as shell } from "./shell";
export { default as auth } from "./auth";
export { default as errors } from "./errors";
export { default as mcp } from "./mcp";
export { default as chats } from "./chats";
export { default as connections } from "./connections";
export { default as runs } from "./runs";
export { default as devices } from "./devices";
export { default as profiles } from "./profiles";
export { default as waiting } from "./waiting";
export { default as skills } from "./skills";
export { default as characters } from "./characters";
export { default as worldinfo } from "./worldinfo";
export { default as conversation } from "./conversation";
export { default as approvals } from "./approvals";
export { default as settings } from "./settings";
