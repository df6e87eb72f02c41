/**
 * A labelled <select> whose accessible name is just its label (the label is tied by id, not by
 * wrapping, so the selected option's text does not join the name).
 */
import { useId, type ReactNode, type SelectHTMLAttributes } from "react";

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  className?: string;
}

export function SelectField({ label, className, children, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...rest}>
        {children}
      </select>
    </div>
  );
}
