/**
 * The character editor's picture (docs/spec/characters.md §3): the avatar, and "Change
 * picture" to choose or drop a PNG, JPEG or WebP; the chosen picture shows as a preview until "Use
 * this picture" uploads it (as PNG, avatar-picture.ts) or Cancel drops it. Every device showing
 * the character follows through `character.changed` (Avatar re-reads on a new `avatarSha256`).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { FileDrop } from "../components/FileDrop";
import { useServices } from "../state/services";
import { useToasts } from "../state/toasts";
import { useAction } from "../state/use-action";
import { Avatar } from "./Avatar";
import { avatarPng } from "./avatar-picture";
import { uploadAvatar } from "./characters-api";
import type { CharacterView } from "./types";

const SIZE = 128;

export function AvatarPicker({
  character,
  onSaved,
}: {
  character: CharacterView;
  onSaved(saved: CharacterView): void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { show } = useToasts();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ png: Blob; url: string } | null>(null);
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );
  const choose = useAction(
    async (file: File) => {
      const png = await avatarPng(file);
      setPicked({ png, url: URL.createObjectURL(png) });
    },
    { toastErrors: false },
  );
  const save = useAction(
    async () => {
      if (!picked) return;
      const saved = await uploadAvatar(services, character.id, picked.png);
      setPicked(null);
      setOpen(false);
      onSaved(saved);
      show({ kind: "success", message: t("characters.avatar.saved") });
    },
    { toastErrors: false },
  );
  const cancel = () => {
    setPicked(null);
    setOpen(false);
  };
  return (
    <div className="avatar-picker stack">
      {picked ? (
        <img
          className="avatar"
          src={picked.url}
          alt={t("characters.avatar.preview")}
          style={{ width: SIZE, height: SIZE }}
          data-testid="avatar-preview"
        />
      ) : (
        <Avatar character={character} size={SIZE} />
      )}
      {picked ? (
        <div className="row">
          <BusyButton variant="primary" busy={save.busy} onClick={() => void save.run()}>
            {t("characters.avatar.use")}
          </BusyButton>
          <button type="button" className="btn btn-secondary" onClick={cancel} disabled={save.busy}>
            {t("common.cancel")}
          </button>
        </div>
      ) : open ? (
        <>
          <FileDrop
            label={t("characters.avatar.drop")}
            help={t("characters.avatar.help")}
            accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp"
            onFile={(file) => void choose.run(file)}
            testId="avatar-input"
            disabled={choose.busy}
          />
          <button type="button" className="btn btn-ghost btn-small" onClick={cancel}>
            {t("common.cancel")}
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen(true)}>
          {t("characters.avatar.change")}
        </button>
      )}
      <ErrorNote error={choose.error ?? save.error} />
    </div>
  );
}
