/**
 * A profile's health (`AgentProfileHealth`, docs/spec/profiles.md `diagnose()`) in plain words: what
 * it can do now (start from a chat, build a prompt, run as a sub-agent) and, for each problem,
 * the server's message, what it blocks, its code and field, and buttons for its repair actions
 * (they move focus to the field to change, or set the model to "needs a connection").
 */
import type { DiagnosticBlock, ProfileDiagnostic, ProfileHealth, RepairAction } from "./types";

const ABILITIES: Array<{ key: keyof ProfileHealth; label: string }> = [
  { key: "directRunAvailable", label: "Start from a chat" },
  { key: "promptAssemblyAvailable", label: "Build the prompt" },
  { key: "previewAvailable", label: "Preview" },
  { key: "subAgentAvailable", label: "Run as a sub-agent" },
];

const BLOCK_TEXT: Record<DiagnosticBlock, string> = {
  preview: "previewing",
  promptAssembly: "building the prompt",
  directRun: "starting it from a chat",
  subAgent: "running it as a sub-agent",
};

const REPAIR_TEXT: Record<RepairAction, string> = {
  selectModel: "Pick a connection",
  setModelRequiresConfiguration: "Mark it as needing a connection",
  openJsonEditor: "Open the JSON editor",
  selectPreset: "Change the preset in the JSON editor",
};

/** "starting it from a chat and running it as a sub-agent". */
export function blocksText(blocks: readonly DiagnosticBlock[]): string {
  const words = blocks.map((b) => BLOCK_TEXT[b] ?? b);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function Diagnostic({
  diagnostic,
  canRepair,
  onRepair,
}: {
  diagnostic: ProfileDiagnostic;
  canRepair: boolean;
  onRepair(action: RepairAction): void;
}) {
  return (
    <li className="diagnostic" data-testid="diagnostic" data-code={diagnostic.code}>
      <p className="diagnostic-message">{diagnostic.message}</p>
      {diagnostic.blocks && diagnostic.blocks.length > 0 && (
        <p className="muted">This stops {blocksText(diagnostic.blocks)}.</p>
      )}
      <p className="diagnostic-meta">
        <code>{diagnostic.code}</code> at <code>{diagnostic.path}</code>
      </p>
      {canRepair && diagnostic.repairActions && diagnostic.repairActions.length > 0 && (
        <div className="row">
          {diagnostic.repairActions.map((action) => (
            <button key={action} type="button" className="btn btn-secondary btn-small" onClick={() => onRepair(action)}>
              {REPAIR_TEXT[action] ?? action}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** `canRepair`: show repair buttons (false for the read-only profile or one the editor cannot open). */
export function HealthPanel({
  health,
  canRepair,
  onRepair,
}: {
  health: ProfileHealth | null;
  canRepair: boolean;
  onRepair(action: RepairAction): void;
}) {
  if (!health) return null;
  const ok = health.diagnostics.length === 0;
  return (
    <section
      className="card profile-health"
      aria-labelledby="health-title"
      data-testid="profile-health"
      aria-live="polite"
    >
      <h2 id="health-title">Health</h2>
      <p className={ok ? "success" : "error-note"} data-testid="health-summary">
        {ok
          ? "No problems found."
          : `${health.diagnostics.length === 1 ? "One problem" : `${health.diagnostics.length} problems`} found.`}
      </p>
      <ul className="abilities" aria-label="What this profile can do">
        {ABILITIES.map(({ key, label }) => (
          <li key={key} data-ok={health[key] === true}>
            <span aria-hidden="true">{health[key] === true ? "✓" : "✗"}</span> {label}:{" "}
            <strong>{health[key] === true ? "yes" : "no"}</strong>
          </li>
        ))}
      </ul>
      {!ok && (
        <ul className="diagnostics" aria-label="Problems">
          {health.diagnostics.map((d) => (
            <Diagnostic key={`${d.code}:${d.path}`} diagnostic={d} canRepair={canRepair} onRepair={onRepair} />
          ))}
        </ul>
      )}
    </section>
  );
}
