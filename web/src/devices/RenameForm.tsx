/** Inline rename of one device (PATCH /api/v1/devices/:id); Escape cancels. */
import { useTranslation } from "react-i18next";
import type { Device } from "../api/types";
import { InlineRenameForm } from "../components/InlineRenameForm";
import { useServices } from "../state/services";

export function RenameForm({ device, onDone }: { device: Device; onDone(updated?: Device): void }) {
  const { t } = useTranslation();
  const { devices } = useServices();
  return (
    <InlineRenameForm
      current={device.name}
      label={t("common.renameLabel", { name: device.name })}
      maxLength={80}
      save={(next) => devices.rename(device.id, next)}
      onDone={onDone}
    />
  );
}
