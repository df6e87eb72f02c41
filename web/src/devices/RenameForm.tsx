/** Inline rename of one device (PATCH /api/v1/devices/:id); Escape cancels. */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import type { Device } from "../api/types";
import { BusyButton } from "../components/BusyButton";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";

export function RenameForm({ device, onDone }: { device: Device; onDone(updated?: Device): void }) {
  const { devices } = useServices();
  const [name, setName] = useState(device.name);
  const save = useAction(async (next: string) => onDone(await devices.rename(device.id, next)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = name.trim();
    if (next === device.name) return onDone();
    void save.run(next);
  };
  const key = (event: KeyboardEvent) => {
    if (event.key === "Escape") onDone();
  };
  return (
    <form className="rename" onSubmit={submit} onKeyDown={key}>
      <label className="field">
        <span>New name for “{device.name}”</span>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required autoFocus />
      </label>
      <div className="row">
        <BusyButton type="submit" variant="primary" busy={save.busy} busyLabel="Saving…" disabled={name.trim() === ""}>Save</BusyButton>
        <button type="button" className="btn btn-secondary" onClick={() => onDone()}>Cancel</button>
      </div>
    </form>
  );
}
