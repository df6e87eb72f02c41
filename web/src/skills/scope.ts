/**
 * Skill scopes in text form (docs/api.md "Skills"): `global`, `profile:<id>`, `character:<id>`,
 * `preset:<name>` (a named skill set). Labels for people.
 */
export type ScopeKind = "global" | "profile" | "character" | "preset";

export const SCOPE_KINDS: ReadonlyArray<{ kind: ScopeKind; label: string; hint: string }> = [
  { kind: "global", label: "Every agent", hint: "Visible to every profile (if the profile allows it)." },
  {
    kind: "profile",
    label: "One profile",
    hint: "Only runs of this profile; overrides a same-name skill for everyone.",
  },
  {
    kind: "preset",
    label: "A skill set",
    hint: "A named set (e.g. your SillyTavern preset's name) a run or profile picks.",
  },
  { kind: "character", label: "One character", hint: "Only runs for this character id; overrides all others." },
];

export function splitScope(scope: string): { kind: ScopeKind; value: string } {
  if (scope === "global" || scope === "") return { kind: "global", value: "" };
  const at = scope.indexOf(":");
  return { kind: scope.slice(0, at) as ScopeKind, value: scope.slice(at + 1) };
}

export function joinScope(kind: ScopeKind, value: string): string {
  return kind === "global" ? "global" : `${kind}:${value.trim()}`;
}

/** "Every agent", "Profile writer", "Skill set Noir", "Character aria". */
export function scopeLabel(scope: string): string {
  const { kind, value } = splitScope(scope);
  if (kind === "global") return "Every agent";
  if (kind === "profile") return `Profile ${value}`;
  if (kind === "preset") return `Skill set ${value}`;
  return `Character ${value}`;
}

/** Bytes as "812 B", "4.2 KB", "1.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
