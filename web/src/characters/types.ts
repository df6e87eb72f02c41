/** Character shapes as /api/v1/characters answers them (docs/api.md "Characters"), from src/contracts (type-only). */
export type { CharacterList, CharacterSummary, CharacterView } from "../../../src/contracts/character-views";
