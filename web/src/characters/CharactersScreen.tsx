/**
 * The Characters screen (docs/spec/characters.md): import by file or drag-and-drop, the library as
 * a grid of avatars live on every device (`character.changed`), and `/characters/<id>` the editor.
 */
import { useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import { navigate, usePath } from "../shell/router";
import { CharacterEditor } from "./CharacterEditor";
import { CharacterTile } from "./CharacterTile";
import { ImportCard } from "./ImportCard";
import { useCharacters } from "./use-characters";
import "./characters.css";

export function CharactersScreen() {
  const path = usePath();
  const id = path.startsWith("/characters/") ? decodeURIComponent(path.slice("/characters/".length)) : "";
  if (id) return <CharacterEditor characterId={id} />;
  return <CharacterLibrary />;
}

function CharacterLibrary() {
  const { t } = useTranslation();
  const { list, error } = useCharacters();
  return (
    <div className="screen characters-screen">
      <header>
        <h1>{t("characters.title")}</h1>
        <p className="muted">{t("characters.intro")}</p>
      </header>
      <ImportCard onImported={(id) => navigate(`/characters/${encodeURIComponent(id)}`)} />
      <section aria-labelledby="characters-library-title">
        <h2 id="characters-library-title">{t("characters.libraryTitle")}</h2>
        <ErrorNote error={error} />
        {list === null && !error && <p role="status">{t("characters.loading")}</p>}
        {list?.length === 0 && <p className="muted">{t("characters.empty")}</p>}
        <ul className="character-grid">
          {(list ?? []).map((character) => (
            <CharacterTile key={character.id} character={character} />
          ))}
        </ul>
      </section>
    </div>
  );
}
