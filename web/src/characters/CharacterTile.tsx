/** One character in the library grid: avatar, name, tags; opens the editor. */
import { useTranslation } from "react-i18next";
import { Link } from "../shell/Link";
import { Avatar } from "./Avatar";
import type { CharacterSummary } from "./types";

export function CharacterTile({ character }: { character: CharacterSummary }) {
  const { t } = useTranslation();
  return (
    <li className="character-tile">
      <Link
        href={`/characters/${encodeURIComponent(character.id)}`}
        aria-label={t("characters.open", { name: character.name })}
      >
        <Avatar character={character} />
        <span className="character-name">{character.name}</span>
        {character.tags.length > 0 && <small className="muted">{character.tags.slice(0, 3).join(" · ")}</small>}
      </Link>
    </li>
  );
}
