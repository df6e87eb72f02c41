/**
 * The Off / Ask / Allow radio group of one tool (PUT …/permission; saved at once, live on every
 * device). Until approvals exist, Ask says plainly that it runs like Allow (contracts.md §1.1).
 */
import { useState } from "react";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer, ToolPermission } from "./types";

const CHOICES: Array<{ value: ToolPermission; label: string; hint: string }> = [
  { value: "off", label: "Off", hint: "Never offered to a model." },
  { value: "ask", label: "Ask", hint: "Approvals are not built yet: Ask currently runs like Allow." },
  { value: "allow", label: "Allow", hint: "A model may call it without asking." },
];

export function PermissionControl({ server, nativeName, label, value }: { server: McpServer; nativeName: string; label: string; value: ToolPermission }) {
  const { mcp, upsert } = useMcp();
  const [pending, setPending] = useState<ToolPermission | null>(null);
  const save = useAction(async (next: ToolPermission) => {
    setPending(next);
    try {
      upsert(await mcp.setPermission(server.id, nativeName, next));
    } finally {
      setPending(null);
    }
  });
  const shown = pending ?? value;
  return (
    <div className="mcp-permission">
      <div className="mcp-segmented" role="radiogroup" aria-label={`Permission for ${label}`} aria-busy={save.busy}>
        {CHOICES.map((choice) => (
          <button
            key={choice.value}
            type="button"
            role="radio"
            aria-checked={shown === choice.value}
            title={choice.hint}
            disabled={save.busy}
            onClick={() => { if (choice.value !== value) void save.run(choice.value); }}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {shown === "ask" && <small className="mcp-perm-hint">Runs like Allow until approvals exist.</small>}
    </div>
  );
}
