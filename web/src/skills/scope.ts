/**
 * Skill scopes in text form (docs/api.md "Skills"): `global`, `profile:<id>`, `character:<id>`,
 * `preset:<name>` (a named skill set). Labels for people come from the `skills.scope` catalogue.
 */
import type { TFunction } from "i18next";

export type ScopeKind = "global" | "profile" | "character" | "preset";

/** Scope kinds in resolution order (labels: `skills.scope.kinds.<kind>`, hints: `skills.scope.hints.<kind>`). */
export const SCOPE_KINDS: readonly ScopeKind[] = ["global", "preset", "profile", "character"];

export function splitScope(scope: string): { kind: ScopeKind; value: string } {
  if (scope === "global" || scope === "") return { kind: "global", value: "" };
  const at = scope.indexOf(":");
  return { kind: scope.slice(0, at) as ScopeKind, value: scope.slice(at + 1) };
}

export function joinScope(kind: ScopeKind, value: string): string {
  return kind === "global" ? "global" : `${kind}:${value.trim()}`;
}

/** "Every agent", "Profile writer", "Skill set Noir", "Character aria" in the current language. */
export function scopeLabel(t: TFunction, scope: string): string {
  const { kind, value } = splitScope(scope);
  return t(`skills.scope.labels.${kind}`, { value });
}

/** Bytes as "812 B", "4.2 KB", "1.3 MB" (units are the same in every language). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
