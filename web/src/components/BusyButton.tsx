/** A button that shows a spinner and is disabled while its network action runs. */
import type { ButtonHTMLAttributes } from "react";

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy: boolean;
  /** Label while busy, e.g. "Saving…"; default: the normal label. */
  busyLabel?: string;
  variant?: "primary" | "secondary" | "danger";
}

export function BusyButton({
  busy,
  busyLabel,
  variant = "secondary",
  children,
  disabled,
  className,
  ...rest
}: BusyButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`btn btn-${variant}${className ? ` ${className}` : ""}`}
      disabled={disabled || busy}
      aria-busy={busy}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
