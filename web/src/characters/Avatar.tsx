/**
 * A character's avatar: fetched with the device token (an <img> cannot send it) and shown from a
 * blob URL, re-fetched when `avatarSha256` changes; the name's first letter when there is none.
 */
import { useEffect, useState } from "react";
import { useServices } from "../state/services";
import { avatarUrl } from "./characters-api";
import type { CharacterSummary } from "./types";

export function Avatar({ character, size = 96 }: { character: CharacterSummary; size?: number }) {
  const services = useServices();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!character.hasAvatar) return setUrl(null);
    let live = true;
    let made: string | null = null;
    avatarUrl(services, character.id).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      () => live && setUrl(null),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [services, character.id, character.hasAvatar, character.avatarSha256]);
  const style = { width: size, height: size };
  if (url) return <img className="avatar" src={url} alt="" style={style} data-testid="character-avatar" />;
  return (
    <span className="avatar avatar-letter" style={style} aria-hidden="true">
      {character.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
