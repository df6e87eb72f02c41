/**
 * The error catalogue: every error code TavernEdge raises (thrown as AppError, returned as a tool
 * error or a NotSent outcome, sent in a frame, written as a storage issue or diagnostic), one table
 * per namespace in `catalogue/<namespace>.ts` with its HTTP status and default message
 * (docs/spec/hosted.md §6). A code `ns.name` lives in `catalogue/ns.ts`; a new namespace gets its own
 * file, listed here. `tests/unit/errors/catalogue.test.ts` fails on a raised code that is missing here
 * and on a catalogued code nothing raises (unless `keptForContract: true`).
 */
import type { CatalogueEntry } from "./entry";
import { ADMIN_CODES } from "./admin";
import { AGENT_CODES } from "./agent";
import { APP_CODES } from "./app";
import { APPROVAL_CODES } from "./approval";
import { AUTH_CODES } from "./auth";
import { CHARACTER_CODES } from "./character";
import { CHAT_CODES } from "./chat";
import { CONFIG_CODES } from "./config";
import { DATA_CODES } from "./data";
import { DEVICE_CODES } from "./device";
import { DICE_CODES } from "./dice";
import { HTTP_CODES } from "./http";
import { INPUT_CODES } from "./input";
import { MCP_CODES } from "./mcp";
import { MODEL_CODES } from "./model";
import { SCHEDULER_CODES } from "./scheduler";
import { SECRETS_CODES } from "./secrets";
import { SKILL_CODES } from "./skill";
import { TOOL_CODES } from "./tool";
import { WORKSPACE_CODES } from "./workspace";
import { WORLDINFO_CODES } from "./worldinfo";
import { WS_CODES } from "./ws";

export type { CatalogueEntry } from "./entry";

/** Every catalogued code → its entry. */
export const ERROR_CATALOGUE = {
  ...ADMIN_CODES,
  ...AGENT_CODES,
  ...APP_CODES,
  ...APPROVAL_CODES,
  ...AUTH_CODES,
  ...CHARACTER_CODES,
  ...CHAT_CODES,
  ...CONFIG_CODES,
  ...DATA_CODES,
  ...DEVICE_CODES,
  ...DICE_CODES,
  ...HTTP_CODES,
  ...INPUT_CODES,
  ...MCP_CODES,
  ...MODEL_CODES,
  ...SCHEDULER_CODES,
  ...SECRETS_CODES,
  ...SKILL_CODES,
  ...TOOL_CODES,
  ...WORKSPACE_CODES,
  ...WORLDINFO_CODES,
  ...WS_CODES,
} as const satisfies Record<string, CatalogueEntry>;

/** A catalogued error code; a typo in a raise site fails the type check. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

const ENTRIES: Readonly<Record<string, CatalogueEntry | undefined>> = ERROR_CATALOGUE;

/** True when `code` is catalogued (e.g. a code that arrived over RPC or from storage). */
export function isErrorCode(code: string): code is ErrorCode {
  return ENTRIES[code] !== undefined;
}

/** HTTP status for a code: the catalogue's, or 400 for an uncatalogued dotted code. */
export function errorStatus(code: string): number {
  return ENTRIES[code]?.status ?? 400;
}

/** The catalogue's default message for a code. */
export function defaultMessage(code: ErrorCode): string {
  return ERROR_CATALOGUE[code].message;
}
