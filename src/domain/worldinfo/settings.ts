/**
 * Global World Info settings (docs/spec/worldinfo.md §2), `GET/PATCH /api/v1/worldinfo/settings`.
 * Defaults follow SillyTavern: scan depth 2, budget 25 % of the context, no cap, recursion off,
 * case-insensitive, no whole-word matching, no minimum activations.
 */

export interface WorldInfoSettings {
  /** Messages scanned, newest first (0 = only constant entries). */
  scanDepth: number;
  /** Share of the prompt's context, in percent (1..100), World Info may take. */
  budgetPercent: number;
  /** Upper bound of the budget in tokens (0 = no cap). */
  budgetCap: number;
  /** Activated entries' content is scanned again for keys. */
  recursive: boolean;
  caseSensitive: boolean;
  matchWholeWords: boolean;
  /** Scan deeper, one message at a time, until this many entries are active (0 = off). */
  minActivations: number;
  /** How deep minimum activations may scan (0 = the whole chat). */
  minActivationsDepthMax: number;
  /** Book ids attached to every chat. */
  globalBookIds: string[];
}

export const DEFAULT_WORLD_INFO_SETTINGS: WorldInfoSettings = {
  scanDepth: 2,
  budgetPercent: 25,
  budgetCap: 0,
  recursive: false,
  caseSensitive: false,
  matchWholeWords: false,
  minActivations: 0,
  minActivationsDepthMax: 0,
  globalBookIds: [],
};

/** Largest scan depth accepted (messages). */
export const MAX_SCAN_DEPTH = 1000;
/** Recursion passes after the first scan at most. */
export const MAX_RECURSION_STEPS = 10;

/** The budget in tokens for a context of `contextTokens`: percent of it, at least 1, at most the cap when set. */
export function worldInfoBudget(settings: WorldInfoSettings, contextTokens: number): number {
  const budget = Math.max(1, Math.round((settings.budgetPercent * contextTokens) / 100));
  return settings.budgetCap > 0 ? Math.min(budget, settings.budgetCap) : budget;
}
