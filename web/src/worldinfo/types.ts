/** World Info shapes as /api/v1/worldinfo answers them (docs/api.md "World Info"), from src/contracts (type-only). */
export type {
  ActivationTestResult,
  BookList,
  BookSummary,
  BookView,
} from "../../../src/contracts/worldinfo-views";

/** Where a book applies. */
export type Attachment = { scope: "global" } | { scope: "character"; id: string } | { scope: "chat"; id: string };

/** Global World Info settings. */
export interface WorldInfoSettings {
  scanDepth: number;
  budgetPercent: number;
  budgetCap: number;
  recursive: boolean;
  caseSensitive: boolean;
  matchWholeWords: boolean;
  minActivations: number;
  minActivationsDepthMax: number;
}

/** A World Info entry (SillyTavern field names; unknown fields kept by the server). */
export type WorldEntry = Record<string, unknown> & { uid: number };
