/**
 * The Off / Ask / Allow radio group of one tool (PUT …/permission; saved at once, live on every
 * device). Until approvals exist, Ask says plainly that it runs like Allow (docs/spec/mcp-platform.md §1).
 */
import { useRef, useState, type KeyboardEvent } from "react";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer, ToolPermission } from "./types";

const CHOICES: Array<{ value: ToolPermission; label: string; hint: string }> = [
  { value: "off", label: "Off", hint: "Never offered to a model." },
  { value: "ask", label: "Ask", hint: "Approvals are not built yet: Ask currently runs like Allow." },
  { value: "allow", label: "Allow", hint: "A model may call it without asking." },
];

export function PermissionControl({
  server,
  nativeName,
  label,
  value,
}: {
  server: McpServer;
  nativeName: string;
  label: string;
  value: ToolPermission;
}) {
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
  const group = useRef<HTMLDivElement>(null);
  // Radio-group keys: arrows move and choose (roving focus: only the checked choice is tabbable).
  const key = (event: KeyboardEvent) => {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (step === 0 || save.busy) return;
    event.preventDefault();
    const index = (CHOICES.findIndex((c) => c.value === shown) + step + CHOICES.length) % CHOICES.length;
    group.current?.querySelectorAll<HTMLButtonElement>("[role=radio]")[index]?.focus();
    void save.run(CHOICES[index]!.value);
  };
  return (
    <div className="mcp-permission">
      <div
        ref={group}
        className="mcp-segmented"
        role="radiogroup"
        aria-label={`Permission for ${label}`}
        aria-busy={save.busy}
        onKeyDown={key}
      >
        {CHOICES.map((choice) => (
          <button
            key={choice.value}
            type="button"
            role="radio"
            aria-checked={shown === choice.value}
            tabIndex={shown === choice.value ? 0 : -1}
            title={choice.hint}
            aria-disabled={save.busy}
            onClick={() => {
              if (!save.busy && choice.value !== value) void save.run(choice.value);
            }}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {shown === "ask" && <small className="mcp-perm-hint">Runs like Allow until approvals exist.</small>}
    </div>
  );
}
