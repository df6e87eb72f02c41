/**
 * A file chooser that also takes a dropped file: a dashed box with the prompt, the browser's file
 * input and an optional hint; dragging a file over it highlights it. Used by the card, skill, World
 * Info and avatar pickers. `onFile` gets the first file chosen or dropped.
 */
import { useState, type DragEvent, type ReactNode, type Ref } from "react";
import "./file-drop.css";

export interface FileDropProps {
  /** The prompt ("Choose a PNG or JSON card, or drop it here"). */
  label: ReactNode;
  /** Smaller text under the input (limits, what happens). */
  help?: ReactNode;
  /** The input's `accept` (extensions and media types). */
  accept: string;
  onFile(file: File): void;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
  disabled?: boolean;
}

export function FileDrop({ label, help, accept, onFile, inputRef, testId, disabled = false }: FileDropProps) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <label
      className={`file-drop${dragging ? " file-drop-active" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span>{label}</span>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
        }}
        data-testid={testId}
      />
      {help && <small className="muted">{help}</small>}
    </label>
  );
}
