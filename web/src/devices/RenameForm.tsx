/** Inline rename of one device (PATCH /api/v1/devices/:id); Escape cancels. */
import type { Device } from "../api/types";
import { InlineRenameForm } from "../components/InlineRenameForm";
import { useServices } from "../state/services";

export function RenameForm({ device, onDone }: { device: Device; onDone(updated?: Device): void }) {
  const { devices } = useServices();
  return (
    <InlineRenameForm
      current={device.name}
      label={`New name for “${device.name}”`}
      maxLength={80}
      save={(next) => devices.rename(device.id, next)}
      onDone={onDone}
    />
  );
}
