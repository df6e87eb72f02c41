/**
 * The Off / Ask / Allow radio group of one tool (PUT …/permission; saved at once, live on every
 * device). Ask says that each call waits for the user's approval (docs/spec/approvals.md).
 */
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer, ToolPermission } from "./types";

const CHOICES: Array<{ value: ToolPermission }> = [{ value: "off" }, { value: "ask" }, { value: "allow" }];

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
  const { t } = useTranslation();
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
        aria-label={t("mcp.permission.groupLabel", { name: label })}
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
            title={t(`mcp.permission.${choice.value}Hint`)}
            aria-disabled={save.busy}
            onClick={() => {
              if (!save.busy && choice.value !== value) void save.run(choice.value);
            }}
          >
            {t(`mcp.permission.${choice.value}`)}
          </button>
        ))}
      </div>
      {shown === "ask" && <small className="mcp-perm-hint">{t("mcp.permission.askNote")}</small>}
    </div>
  );
}
